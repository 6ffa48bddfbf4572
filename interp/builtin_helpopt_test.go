package interp

import "testing"

func TestHelpAmongOpts(t *testing.T) {
	tests := []struct {
		spec string
		args []string
		want bool
	}{
		{"afptP", []string{"--help"}, true},
		{"afptP", []string{"-t", "--help"}, true},
		{"afptP", []string{"-ta", "--help", "x"}, true},
		{"afptP", []string{"--", "--help"}, false},
		{"afptP", []string{"ls", "--help"}, false},
		{"afptP", []string{"-Z", "--help"}, false},
		{"afptP", []string{"+t", "--help"}, false},
		{"+acfgilnprtuxAFGI", []string{"+x", "--help"}, true},
		{"v:", []string{"-v", "--help"}, false},
		{"v:", []string{"-v", "x", "--help"}, true},
		{"v:", []string{"-vx", "--help"}, true},
		{"v:", []string{"-v"}, false},
		{"+abefhkmnptuvxBCEHPTo;", []string{"-o", "--help"}, true},
		{"+abefhkmnptuvxBCEHPTo;", []string{"-o", "pipefail", "--help"}, true},
		{"+abefhkmnptuvxBCEHPTo;", []string{"-e", "-", "--help"}, false},
		{"", []string{"-:", "--help"}, false},
	}
	for _, tt := range tests {
		if got := helpAmongOpts(tt.spec, tt.args); got != tt.want {
			t.Errorf("helpAmongOpts(%q, %q) = %v, want %v", tt.spec, tt.args, got, tt.want)
		}
	}
}
