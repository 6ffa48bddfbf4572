// Package corpus replays small shell scripts under the real bash and under
// nash and reports every difference in stdout, stderr, exit status and the
// files each script leaves behind. Bash is the oracle: a case has no stored
// expectation, only a script and the files that seed its directory.
//
// A case is one text file in a txtar-like format (see ParseCase). The
// harness (Run) executes every case under both shells, one after the other
// in the same absolute directory, and compares the results (Compare).
package corpus

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// DefaultTimeout is the hang guard applied to a run when a case has no
// timeout directive. It is generous: on a loaded two-core CI machine,
// bash alone took over 10 s on cases that take one when the machine is
// quiet, and a guard that fires there fails the case.
const DefaultTimeout = 30 * time.Second

// Case is one parsed corpus case.
type Case struct {
	// Name is the case's path below the cases directory, slash-separated
	// and without the .txt suffix, e.g. "git/commit-basic".
	Name string
	// Comment holds the header's free comment lines, without "# ".
	Comment string
	// Mode is "bash" (the default) or "sh": the name the shell is invoked by.
	Mode string
	// Args are the positional parameters passed after script.sh.
	Args []string
	// Stdin is the script's standard input; HasStdin reports whether a
	// stdin directive or section was given (otherwise stdin is /dev/null).
	Stdin    string
	HasStdin bool
	// Timeout is the hang guard for one run.
	Timeout time.Duration
	// Env holds extra NAME=value pairs added to the fixed environment.
	Env []string
	// Exclude holds slash-separated glob patterns of paths, relative to the
	// case directory, that are left out of the file comparison. A pattern
	// that matches a directory excludes everything below it.
	Exclude []string
	// Skip, when not empty, says why the case is not run.
	Skip string
	// Unobserved, when not empty, says why the case holds only for an
	// unobserved nash (replay -observe skips it): an observed shell
	// holds its transport's descriptors, for one.
	Unobserved string
	// Script is the text written to script.sh.
	Script string
	// Files seed the case directory before the run.
	Files []File
}

// File is a file seeding a case directory.
type File struct {
	Path string      // slash-separated, relative to the case directory
	Mode fs.FileMode // permission bits; 0644 unless the section says otherwise
	Data []byte
}

// directives lists the header keys ParseCase understands. Other "# key:"
// lines are plain comments.
var directives = map[string]bool{
	"mode": true, "args": true, "stdin": true, "timeout": true,
	"env": true, "exclude": true, "skip": true, "unobserved": true,
}

// ParseCase parses the text of a case file. The format is:
//
//	# free comment lines describing the case
//	# mode: sh               (invoke as sh instead of bash)
//	# args: a 'b c'          (positional parameters, quotes allowed)
//	# stdin: one line        (stdin text; a newline is appended)
//	# timeout: 5s            (hang guard, default 30s)
//	# env: NAME=value        (repeatable)
//	# exclude: .git/index    (repeatable; glob relative to the case dir)
//	# skip: reason           (do not run)
//	-- script --
//	echo hello
//	-- stdin --
//	multi-line stdin (overrides the directive)
//	-- files/path/name --
//	seed file content
//	-- files/bin/tool 0755 --
//	a seed file with explicit permission bits
//
// Every header line must be blank or start with '#'. A section runs from
// its marker line to the next marker or the end of the file; its content
// keeps the final newline of its last line. The script section is required.
func ParseCase(name string, data []byte) (*Case, error) {
	c := &Case{Name: name, Mode: "bash", Timeout: DefaultTimeout}
	text := string(data)
	lines := strings.SplitAfter(text, "\n")
	i := 0
	var comments []string
	for ; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], "\n")
		if _, ok := marker(line); ok {
			break
		}
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		if !strings.HasPrefix(t, "#") {
			return nil, fmt.Errorf("%s:%d: header line must start with '#'", name, i+1)
		}
		t = strings.TrimSpace(strings.TrimPrefix(t, "#"))
		key, val, found := strings.Cut(t, ":")
		key = strings.TrimSpace(key)
		if !found || !directives[key] {
			comments = append(comments, t)
			continue
		}
		val = strings.TrimSpace(val)
		if err := c.directive(key, val); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
	}
	c.Comment = strings.Join(comments, "\n")
	haveScript := false
	seen := map[string]bool{}
	for i < len(lines) {
		sec, _ := marker(strings.TrimRight(lines[i], "\n"))
		start := i + 1
		i++
		for i < len(lines) {
			if _, ok := marker(strings.TrimRight(lines[i], "\n")); ok {
				break
			}
			i++
		}
		body := strings.Join(lines[start:i], "")
		if seen[sec] {
			return nil, fmt.Errorf("%s:%d: duplicate section %q", name, start, sec)
		}
		seen[sec] = true
		switch {
		case sec == "script":
			c.Script = body
			haveScript = true
		case sec == "stdin":
			c.Stdin = body
			c.HasStdin = true
		case strings.HasPrefix(sec, "files/"):
			f, err := parseFileSection(strings.TrimPrefix(sec, "files/"))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", name, start, err)
			}
			f.Data = []byte(body)
			c.Files = append(c.Files, f)
		default:
			return nil, fmt.Errorf("%s:%d: unknown section %q", name, start, sec)
		}
	}
	if !haveScript {
		return nil, fmt.Errorf("%s: no -- script -- section", name)
	}
	return c, nil
}

// marker reports whether line is a section marker "-- NAME --" and returns
// NAME.
func marker(line string) (string, bool) {
	if len(line) < 7 || !strings.HasPrefix(line, "-- ") || !strings.HasSuffix(line, " --") {
		return "", false
	}
	n := strings.TrimSpace(line[3 : len(line)-3])
	return n, n != ""
}

func (c *Case) directive(key, val string) error {
	switch key {
	case "mode":
		if val != "bash" && val != "sh" {
			return fmt.Errorf("mode must be bash or sh, not %q", val)
		}
		c.Mode = val
	case "args":
		args, err := splitWords(val)
		if err != nil {
			return err
		}
		c.Args = args
	case "stdin":
		c.Stdin = val + "\n"
		c.HasStdin = true
	case "timeout":
		d, err := time.ParseDuration(val)
		if err != nil || d <= 0 {
			return fmt.Errorf("bad timeout %q", val)
		}
		c.Timeout = d
	case "env":
		if k, _, ok := strings.Cut(val, "="); !ok || k == "" {
			return fmt.Errorf("env must be NAME=value, not %q", val)
		}
		c.Env = append(c.Env, val)
	case "exclude":
		if _, err := path.Match(val, ""); err != nil || val == "" {
			return fmt.Errorf("bad exclude pattern %q", val)
		}
		c.Exclude = append(c.Exclude, val)
	case "skip":
		if val == "" {
			return fmt.Errorf("skip needs a reason")
		}
		c.Skip = val
	case "unobserved":
		if val == "" {
			return fmt.Errorf("unobserved needs a reason")
		}
		c.Unobserved = val
	}
	return nil
}

// parseFileSection parses "path [octal-mode]".
func parseFileSection(s string) (File, error) {
	f := File{Mode: 0o644}
	fields := strings.Fields(s)
	if len(fields) == 0 || len(fields) > 2 {
		return f, fmt.Errorf("bad files section %q", s)
	}
	p := path.Clean(fields[0])
	if path.IsAbs(p) || p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return f, fmt.Errorf("file path %q escapes the case directory", fields[0])
	}
	f.Path = p
	if len(fields) == 2 {
		m, err := strconv.ParseUint(fields[1], 8, 32)
		if err != nil || m > 0o7777 {
			return f, fmt.Errorf("bad file mode %q", fields[1])
		}
		f.Mode = fs.FileMode(m)
	}
	return f, nil
}

// splitWords splits s into words on blanks, honouring single quotes,
// double quotes and backslash escapes the way a shell would for plain text.
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case ch == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\\"$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unterminated \" in %q", s)
			}
			inWord = true
		case ch == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// LoadCases reads every *.txt file below dir and parses it as a case. The
// cases are returned sorted by name.
func LoadCases(dir string) ([]*Case, error) {
	var cases []*Case
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".txt") {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(filepath.ToSlash(rel), ".txt")
		c, err := ParseCase(name, data)
		if err != nil {
			return err
		}
		cases = append(cases, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, nil
}

// excluded reports whether rel (slash-separated) matches one of the
// case's exclude patterns.
func (c *Case) excluded(rel string) bool {
	for _, pat := range c.Exclude {
		if ok, _ := path.Match(pat, rel); ok {
			return true
		}
	}
	return false
}
