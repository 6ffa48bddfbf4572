package redact

import (
	"reflect"
	"testing"
)

func TestArgv(t *testing.T) {
	tests := []struct {
		name    string
		argv    []string
		tainted []string
		want    []string
	}{
		{"clean", []string{"ls", "-la", "/tmp"}, nil, nil},
		{"env assign", []string{"env", "GITHUB_TOKEN=abc", "DEBUG=1", "make"}, nil,
			[]string{"env", "GITHUB_TOKEN=[REDACTED:secret-var]", "DEBUG=1", "make"}},
		{"env assign shape kind", []string{"env", "AWS_SECRET_ACCESS_KEY=x", "aws"}, nil,
			[]string{"env", "AWS_SECRET_ACCESS_KEY=[REDACTED:secret-var]", "aws"}},
		{"--token value", []string{"vault", "login", "--token", "s.abcdef", "-x"}, nil,
			[]string{"vault", "login", "--token", "[REDACTED:secret]", "-x"}},
		{"--api-key value", []string{"tool", "--api-key", "k123"}, nil,
			[]string{"tool", "--api-key", "[REDACTED:secret]"}},
		{"--password=x", []string{"mysql", "--password=hunter2", "db"}, nil,
			[]string{"mysql", "--password=[REDACTED:password]", "db"}},
		{"--password then flag", []string{"mysql", "--password", "-h", "db"}, nil, nil},
		{"-password go style", []string{"app", "-password", "pw1234"}, nil,
			[]string{"app", "-password", "[REDACTED:password]"}},
		{"--client-secret=", []string{"az", "login", "--client-secret=abc"}, nil,
			[]string{"az", "login", "--client-secret=[REDACTED:secret]"}},
		{"--token-file path", []string{"kubectl", "--token-file", "/var/run/token"}, nil, nil},
		{"--password-stdin", []string{"docker", "login", "--password-stdin", "-u", "bot"}, nil, nil},
		{"mysql -pX", []string{"mysql", "-u", "root", "-phunter2", "shop"}, nil,
			[]string{"mysql", "-u", "root", "-p[REDACTED:password]", "shop"}},
		{"mysqldump path", []string{"/usr/bin/mysqldump", "-pX9secret", "db"}, nil,
			[]string{"/usr/bin/mysqldump", "-p[REDACTED:password]", "db"}},
		{"-p elsewhere", []string{"mkdir", "-pv", "a/b"}, nil, nil},
		{"ssh -p", []string{"ssh", "-p2222", "host"}, nil, nil},
		{"sshpass", []string{"sshpass", "-p", "pw9", "ssh", "host"}, nil,
			[]string{"sshpass", "-p", "[REDACTED:password]", "ssh", "host"}},
		{"curl -u", []string{"curl", "-u", "alice:pw9", "https://x"}, nil,
			[]string{"curl", "-u", "alice:[REDACTED:password]", "https://x"}},
		{"curl bearer", []string{"curl", "-H", "Authorization: Bearer abc.def.123456", "https://api"}, nil,
			[]string{"curl", "-H", "Authorization: Bearer [REDACTED:bearer-token]", "https://api"}},
		{"url password", []string{"psql", "postgres://app:pw12345@db:5432/x"}, nil,
			[]string{"psql", "postgres://app:[REDACTED:url-password]@db:5432/x"}},
		{"shape", []string{"echo", "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"}, nil,
			[]string{"echo", "[REDACTED:github-token]"}},
		{"tainted", []string{"echo", "the value is plainword!"}, []string{"plainword"},
			[]string{"echo", "the value is [REDACTED:secret-var]!"}},
		{"tainted short ignored", []string{"echo", "abc"}, []string{"abc"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := append([]string(nil), tt.argv...)
			got := Argv(tt.argv, tt.tainted)
			want := tt.want
			if want == nil {
				want = tt.argv
				if &got[0] != &tt.argv[0] {
					t.Error("Argv did not return argv itself when nothing changed")
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Argv(%q)\n got %q\nwant %q", tt.argv, got, want)
			}
			if !reflect.DeepEqual(tt.argv, in) {
				t.Error("Argv modified its input")
			}
			if again := Argv(got, tt.tainted); !reflect.DeepEqual(again, got) {
				t.Errorf("not idempotent: %q -> %q", got, again)
			}
		})
	}
}
