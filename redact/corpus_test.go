package redact

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// corpusLine is one line of testdata/secrets.txt or nonsecrets.txt.
type corpusLine struct {
	label, input, secret string
	line                 int
}

// readCorpus reads label<TAB>text lines; "\n" in text is a newline and
// «…» marks the secret (the marks are removed from input).
func readCorpus(t testing.TB, path string) []corpusLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusLine
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		label, text, ok := strings.Cut(l, "\t")
		if !ok {
			t.Fatalf("%s:%d: no tab", path, n)
		}
		text = strings.ReplaceAll(text, `\n`, "\n")
		c := corpusLine{label: label, line: n}
		if i := strings.Index(text, "«"); i >= 0 {
			j := strings.Index(text, "»")
			c.secret = text[i+len("«") : j]
			text = text[:i] + c.secret + text[j+len("»"):]
		}
		c.input = text
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCorpus measures recall on fabricated secrets and the false positive
// rate on realistic look-alikes, and fails below 95 % recall or above 5 %
// false positives. A secret counts as found when it is gone from the
// output; the marker kind must also be the expected one.
func TestCorpus(t *testing.T) {
	secrets := readCorpus(t, "testdata/secrets.txt")
	others := readCorpus(t, "testdata/nonsecrets.txt")
	if len(secrets) < 60 || len(others) < 60 {
		t.Fatalf("corpus too small: %d secrets, %d non-secrets", len(secrets), len(others))
	}
	found := 0
	kinds := map[string]bool{}
	for _, c := range secrets {
		if c.secret == "" {
			t.Fatalf("secrets.txt:%d: no «secret»", c.line)
		}
		kinds[c.label] = true
		got := String(c.input)
		if strings.Contains(got, c.secret) {
			t.Logf("MISSED secrets.txt:%d %s: %q", c.line, c.label, got)
			continue
		}
		found++
		if want := markerPrefix + c.label + "]"; !strings.Contains(got, want) {
			t.Errorf("secrets.txt:%d: masked, but not as %s: %q", c.line, want, got)
		}
	}
	fp := 0
	for _, c := range others {
		if got := String(c.input); got != c.input {
			fp++
			t.Logf("FALSE POSITIVE nonsecrets.txt:%d %s: %q", c.line, c.label, got)
		}
	}
	recall := float64(found) / float64(len(secrets))
	fpr := float64(fp) / float64(len(others))
	t.Logf("recall %.1f%% (%d/%d secrets, %d kinds), false positive rate %.1f%% (%d/%d look-alikes)",
		100*recall, found, len(secrets), len(kinds), 100*fpr, fp, len(others))
	if recall < 0.95 {
		t.Errorf("recall %.1f%% < 95%%", 100*recall)
	}
	if fpr > 0.05 {
		t.Errorf("false positive rate %.1f%% > 5%%", 100*fpr)
	}
}
