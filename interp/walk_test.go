package interp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// walkSources covers every node type walk knows, in bash syntax.
var walkSources = []string{
	`c=(1 [3]=y "$z"); a=1 b=x cmd arg 'sq' "dq $x ${y:-z} $(c) ` + "`bq`" + `" >f 2>&1 <<EOF
body $v $(w)
EOF`,
	`if a; then b; elif c; then d; else e; fi; while f; do g; done; until h; do :; done`,
	`for i in a b; do :; done; for ((i=0; i<3; i++)); do :; done; for j; do :; done`,
	`f() { local x=1; declare -a y=(1 2); export z; }; function g { (sub) & } ; h() ( : )`,
	`case $x in a|b) x;; c) ;& *) y ;;& esac`,
	`[[ -n $a && ( $b == c* || ! -f d ) && $e =~ ^x ]]; (( a += b ? c : -d, e[1]++ ))`,
	`echo ${a#b} ${a/b/c} ${a:1:2} ${!a} ${#a} ${a[@]} ${a@Q} ${a,,} $((1 + (2 * 3))) <(p) >(q)`,
	`time -p a | b |& c; coproc n { d; }; let x=1 y=x+1; ! e && f || g`,
	`shopt -s extglob
echo @(a|b) !(c) +(d) *(e) ?(f)`,
	`cat <<-'X' <<<"here"
	t
	X
x=$(a $(b) ` + "`c`" + `) y=${z:-$(w)}`,
}

// walkTrace returns the visits of one walker over node: each node's
// type and position, "end" for the nil after its children. Every fifth
// node answers false, so pruning is compared too.
func walkTrace(node syntax.Node, walker func(syntax.Node, func(syntax.Node) bool)) []string {
	var out []string
	walker(node, func(n syntax.Node) bool {
		if n == nil {
			out = append(out, "end")
			return true
		}
		out = append(out, strings.TrimPrefix(fmt.Sprintf("%T", n), "*syntax.")+"@"+n.Pos().String())
		return len(out)%5 != 3
	})
	return out
}

// corpusScripts returns the script of every corpus case.
func corpusScripts(t *testing.T) []string {
	files, _ := filepath.Glob("../corpus/cases/*/*.txt")
	var srcs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if i := strings.Index(s, "-- script --\n"); i >= 0 {
			s = s[i+len("-- script --\n"):]
			if j := strings.Index(s, "\n-- files/"); j >= 0 {
				s = s[:j]
			}
			srcs = append(srcs, s)
		}
	}
	if len(srcs) < 1000 {
		t.Fatalf("only %d corpus scripts found", len(srcs))
	}
	return srcs
}

// TestWalkWhereMissesNothing checks that walkWhere, over a whole
// program, visits every node whose own text holds what it looks for,
// here-document bodies read after a later statement's start included.
func TestWalkWhereMissesNothing(t *testing.T) {
	srcs := append(corpusScripts(t),
		"cat <<E; echo \"a\nb\"; echo c\n`x`\nE\necho d",
		"f() { :; }; cat <<-E; g() { :; }\n\t$'q' <(p) $((1)) `y`\nE\n: time --",
		"cat <<E; cat <<F\n`a`\nE\n$'b' <(c)\nF\necho x",
		"cat <<E; {\n`b`\nE\necho in; }\n: x",
		"x=$(cat <<E\n`q` $'r'\nE\n); y; cat <<A; echo \\\n`z`\nA\n",
	)
	for _, needle := range []string{"`", "$'", "<(", "$((", "time", "\\"} {
		for i, src := range srcs {
			f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
			if err != nil {
				continue
			}
			seen := map[syntax.Node]bool{}
			walkWhere(f, src, containing(needle), func(n syntax.Node) bool {
				seen[n] = true
				return true
			})
			walk(f, func(n syntax.Node) bool {
				if n == nil || n == f || seen[n] {
					return true
				}
				from, to := int(n.Pos().Offset()), int(n.End().Offset())
				if n.Pos().IsValid() && from <= to && to <= len(src) && strings.Contains(src[from:to], needle) {
					t.Errorf("source %d: %q: walkWhere skipped %T at %s:\n%s", i, needle, n, n.Pos(), src)
					return false
				}
				return true
			})
		}
	}
}

// TestWalkMatchesSyntaxWalk checks walk against syntax.Walk, whose
// contract it keeps, on the sources above and on every corpus script.
func TestWalkMatchesSyntaxWalk(t *testing.T) {
	srcs := append(append([]string(nil), walkSources...), corpusScripts(t)...)
	parsed := 0
	for i, src := range srcs {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
		if err != nil {
			if i < len(walkSources) {
				t.Fatalf("source %d does not parse: %v", i, err)
			}
			continue
		}
		parsed++
		want, got := walkTrace(f, syntax.Walk), walkTrace(f, walk)
		if strings.Join(want, " ") != strings.Join(got, " ") {
			t.Errorf("source %d:\n%s\nsyntax.Walk: %v\nwalk:        %v", i, src, want, got)
		}
	}
	if parsed < 1000 {
		t.Errorf("only %d sources parsed", parsed)
	}
}

// TestStmtTextEnds checks stmtTextEnds against its definition, the first
// later statement starting below every line from the statement to it,
// found by a plain scan from each statement, on every corpus script.
func TestStmtTextEnds(t *testing.T) {
	for _, src := range corpusScripts(t) {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
		if err != nil {
			continue
		}
		got := stmtTextEnds(f.Stmts, len(src), nil, nil, nil)
		for i, st := range f.Stmts {
			want, last := len(src), st.End().Line()
			for _, next := range f.Stmts[i+1:] {
				if next.Pos().Line() > last {
					want = int(next.Pos().Offset())
					break
				}
				last = max(last, next.End().Line())
			}
			if got[i] != want {
				t.Errorf("statement %d ends at %d, want %d:\n%s", i, got[i], want, src)
				break
			}
		}
	}
}

// TestWalkWhereReadsLittle checks that walkWhere's tests read a bounded
// multiple of the source however statements share lines: thousands on
// one line, or past the last line a position can hold, where every
// statement's text would run to the end.
func TestWalkWhereReadsLittle(t *testing.T) {
	for name, src := range map[string]string{
		"one line":   strings.Repeat("x=0; ", 20000) + "echo `a`\n",
		"2^18 lines": strings.Repeat(":\n", 1<<18) + strings.Repeat("y=1\n", 20000) + "echo `b`\n",
	} {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		read, bq := 0, 0
		walkWhere(f, src, func(s string) bool {
			read += len(s)
			return strings.Contains(s, "`")
		}, func(n syntax.Node) bool {
			if cs, ok := n.(*syntax.CmdSubst); ok && cs.Backquotes {
				bq++
			}
			return true
		})
		if bound := 5*len(src) + 4096; read > bound || bq != 1 {
			t.Errorf("%s: tests read %d bytes of a %d-byte source (bound %d), %d backquotes found", name, read, len(src), bound, bq)
		}
	}
}
