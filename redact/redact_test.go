package redact

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"ls -la /tmp", "ls -la /tmp"},
		{"export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", "export AWS_ACCESS_KEY_ID=[REDACTED:aws-access-key]"},
		{"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_secret_access_key = [REDACTED:aws-secret-key]"},
		{"git clone https://bob:s3cr3t@github.com/x/y", "git clone https://bob:[REDACTED:url-password]@github.com/x/y"},
		{"https://bob@github.com/x", "https://bob@github.com/x"},
		{"curl -H 'Authorization: Bearer abc.def-123456' x", "curl -H 'Authorization: Bearer [REDACTED:bearer-token]' x"},
		{`{"Authorization": "Basic dXNlcjpwYXNzd29yZA=="}`, `{"Authorization": "Basic [REDACTED:basic-auth]"}`},
		{"token: ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "token: [REDACTED:github-token]"},
		{"AKIAIOSFODNN7EXAMPLEX", "AKIAIOSFODNN7EXAMPLEX"},
		{"mysql --password=hunter22 db", "mysql --password=[REDACTED:password] db"},
		{"mysql -u root -phunter22 db", "mysql -u root -p[REDACTED:password] db"},
		{"mkdir -pv /tmp/x", "mkdir -pv /tmp/x"},
		{"vault login --token s.abc123XYZ", "vault login --token [REDACTED:secret]"},
		{"docker login --password-stdin", "docker login --password-stdin"},
		{"a -----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n-----END EC PRIVATE KEY----- b", "a [REDACTED:private-key] b"},
		{"-----BEGIN RSA PRIVATE KEY-----\nMIIEow", "[REDACTED:private-key]"},
		{"commit da39a3ee5e6b4b0d3255bfef95601890afd80709", "commit da39a3ee5e6b4b0d3255bfef95601890afd80709"},
		{"key: 7Hq2LmZp9XvB3nK8sR4tW6yC1dF5gJ0a", "key: [REDACTED:high-entropy]"},
		{"pad 7Hq2LmZp9XvB3nK8sR4tW6yC1dF5gJ0a== x", "pad [REDACTED:high-entropy] x"},
		{"internal/auth/token.go:45:2: undefined: x", "internal/auth/token.go:45:2: undefined: x"},
		{"if token == nil {", "if token == nil {"},
		{"password: ${DB_PASSWORD}", "password: ${DB_PASSWORD}"},
		{"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", "[REDACTED:jwt]"},
		{"sk-learn-compat-layer-module-x", "sk-learn-compat-layer-module-x"},
	}
	for _, tt := range tests {
		if got := String(tt.in); got != tt.want {
			t.Errorf("String(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// TestOutsideSpanUnchanged checks that masking replaces exactly the
// secret: the text before and after it survives byte for byte, whatever
// surrounds it (including binary and invalid UTF-8).
func TestOutsideSpanUnchanged(t *testing.T) {
	secrets := readCorpus(t, "testdata/secrets.txt")
	r := rand.New(rand.NewSource(1))
	for _, c := range secrets {
		i := strings.Index(c.input, c.secret)
		pre, post := c.input[:i], c.input[i+len(c.secret):]
		// Binary garbage around the line must survive too.
		junk := make([]byte, 64)
		r.Read(junk)
		junk[0], junk[63] = '\n', '\n'
		in := append(append(append([]byte{}, junk...), c.input...), junk...)
		got := Bytes(in)
		truncated := !strings.Contains(c.input, "-----END")
		if !bytes.HasPrefix(got, junk) || (!truncated && !bytes.HasSuffix(got, junk)) {
			t.Errorf("secrets.txt:%d: bytes around the line changed", c.line)
			continue
		}
		if truncated {
			continue // a PEM block without END is masked to the end
		}
		mid := string(got[len(junk) : len(got)-len(junk)])
		// Context keys mask the value; the span may not reach past the
		// secret's own line parts, so the text before the secret must be a
		// prefix and the text after it a suffix of the output, except for
		// what a merged marker swallowed of the secret's own neighbours.
		if !strings.HasPrefix(mid, pre[:commonHead(pre, mid)]) || strings.Contains(mid, c.secret) {
			t.Errorf("secrets.txt:%d: %q", c.line, mid)
		}
		if !strings.HasSuffix(mid, post) && c.label != "private-key" {
			t.Errorf("secrets.txt:%d: text after the secret changed: %q", c.line, mid)
		}
	}
}

func commonHead(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func TestBinaryUnharmed(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 200; i++ {
		b := make([]byte, 4096)
		r.Read(b)
		orig := append([]byte(nil), b...)
		got := Bytes(b)
		if !bytes.Equal(b, orig) {
			t.Fatal("Bytes modified its input")
		}
		if !bytes.Equal(got, b) {
			t.Fatalf("random binary changed: %q", got)
		}
	}
	// A secret inside binary: only the secret changes.
	b := []byte("\x00\xff\xfe ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789\x00\xc3\x28")
	want := []byte("\x00\xff\xfe [REDACTED:github-token]\x00\xc3\x28")
	if got := Bytes(b); !bytes.Equal(got, want) {
		t.Errorf("got %q want %q", got, want)
	}
}

func TestIdempotent(t *testing.T) {
	for _, file := range []string{"testdata/secrets.txt", "testdata/nonsecrets.txt"} {
		for _, c := range readCorpus(t, file) {
			once := String(c.input)
			if twice := String(once); twice != once {
				t.Errorf("%s:%d: not idempotent:\n%q\n%q", file, c.line, once, twice)
			}
			if Argv([]string{"cmd", once}, nil)[1] != once {
				t.Errorf("%s:%d: Argv changed masked text", file, c.line)
			}
		}
	}
}

func TestNoAllocWhenClean(t *testing.T) {
	s := "go build -o bin/nash ./cmd/nash && ./bin/nash -c 'echo $HOME' # commit da39a3ee5e6b4b0d3255bfef95601890afd80709"
	b := []byte(s)
	if n := testing.AllocsPerRun(100, func() { _ = String(s) }); n != 0 {
		t.Errorf("String allocates %v times on clean input", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Bytes(b) }); n != 0 {
		t.Errorf("Bytes allocates %v times on clean input", n)
	}
	if got := Bytes(b); &got[0] != &b[0] {
		t.Error("Bytes did not return its input")
	}
	argv := strings.Fields(s)
	if n := testing.AllocsPerRun(100, func() { _ = Argv(argv, []string{"hunter2x"}) }); n != 0 {
		t.Errorf("Argv allocates %v times on clean input", n)
	}
}

func TestTainted(t *testing.T) {
	tests := []struct {
		in      string
		tainted []string
		want    string
	}{
		{"hello world", nil, "hello world"},
		{"pw is hunter2 and hunter2!", []string{"hunter2"}, "pw is [REDACTED:secret-var] and [REDACTED:secret-var]!"},
		{"abc abc", []string{"abc"}, "abc abc"}, // too short
		{"xxabcdefyy", []string{"abcd", "cdef"}, "xx[REDACTED:secret-var]yy"},
		{"[REDACTED:secret-var]", []string{"secret-var"}, "[REDACTED:secret-var]"},
		{"a secret-var b", []string{"secret-var"}, "a [REDACTED:secret-var] b"},
	}
	for _, tt := range tests {
		got := string(Tainted([]byte(tt.in), tt.tainted))
		if got != tt.want {
			t.Errorf("Tainted(%q, %q) = %q, want %q", tt.in, tt.tainted, got, tt.want)
		}
		if again := string(Tainted([]byte(got), tt.tainted)); again != got {
			t.Errorf("Tainted not idempotent: %q -> %q", got, again)
		}
	}
}

func TestSecretName(t *testing.T) {
	yes := []string{"GITHUB_TOKEN", "github_token", "NUCLEIC_TOKEN", "DB_PASSWORD", "PGPASSWORD", "MYSQL_PWD",
		"client_secret", "API_KEY", "OPENAI_API_KEY", "apikey", "ApiKey", "STRIPE_KEY", "AWS_SECRET_ACCESS_KEY",
		"AWS_SESSION_TOKEN", "AWS_ACCESS_KEY_ID", "GOOGLE_APPLICATION_CREDENTIALS", "PRIVATE_KEY_PEM", "passwd",
		"SMTP_PASS", "api-key", "x-api-key"}
	no := []string{"KEYBOARD", "MONKEY", "PATH", "HOME", "SSH_AUTH_SOCK", "USER", "SHELL", "PWD", "OLDPWD", "TERM",
		"KEY", "GOPATH", "MAX_TOKENS", "TOKENIZERS_PARALLELISM", "SSH_PUBLIC_KEY", "AWS_REGION", "AWS_PROFILE",
		"TOKEN_FILE", "PASSWORD_MIN_LENGTH", "password-stdin", "no-password",
		"LANG", "EDITOR", "HISTFILE", "PS1", ""}
	for _, n := range yes {
		if !SecretName(n) {
			t.Errorf("SecretName(%q) = false", n)
		}
	}
	for _, n := range no {
		if SecretName(n) {
			t.Errorf("SecretName(%q) = true", n)
		}
	}
}

// TestEntropyRecall measures the entropy heuristic alone on random keys
// of the usual lengths and alphabets (no prefix, no context).
func TestEntropyRecall(t *testing.T) {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	r := rand.New(rand.NewSource(3))
	for _, alpha := range []string{alnum, alnum + "+/", alnum + "-_"} {
		for _, n := range []int{20, 24, 32, 40, 64} {
			hit, total := 0, 2000
			for k := 0; k < total; k++ {
				b := make([]byte, n)
				for i := range b {
					b[i] = alpha[r.Intn(len(alpha))]
				}
				if String("x "+string(b)+" y") != "x "+string(b)+" y" {
					hit++
				}
			}
			rate := float64(hit) / float64(total)
			t.Logf("alphabet %d, length %d: %.1f%% masked", len(alpha), n, 100*rate)
			if n >= 32 && rate < 0.95 {
				t.Errorf("length %d: only %.1f%% of random keys masked", n, 100*rate)
			}
		}
	}
}
