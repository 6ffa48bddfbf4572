package interp

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// runInProcess runs src in a fresh Runner as "bash -c" would, returning
// stdout and stderr interleaved as written and the exit status.
func runInProcess(t *testing.T, src string) (string, int) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	r, err := New(StdIO(devnull, f, f), Env([]string{"LC_ALL=C.UTF-8", "TZ=UTC", "PATH=/usr/bin:/bin"}))
	if err != nil {
		t.Fatal(err)
	}
	r.sh.cmdString = true
	st := r.RunIncremental(src, "bash")
	b, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(b), st
}

// compareWithBash runs each script under /usr/bin/bash -c and in process.
// As in runBoth, a difference has bash run once more, and nash's output
// may match either of bash's.
func compareWithBash(t *testing.T, cases []string) {
	if _, err := os.Stat("/usr/bin/bash"); err != nil {
		t.Skip("no /usr/bin/bash")
	}
	bash := func(src string) (string, int) {
		cmd := exec.Command("/usr/bin/bash", "-c", src)
		cmd.Args[0] = "bash"
		cmd.Env = []string{"LC_ALL=C.UTF-8", "TZ=UTC", "PATH=/usr/bin:/bin"}
		out, _ := cmd.CombinedOutput()
		st := 0
		if cmd.ProcessState != nil {
			st = cmd.ProcessState.ExitCode()
		}
		return string(out), st
	}
	for _, src := range cases {
		t.Run(src, func(t *testing.T) {
			want, st := bash(src)
			got, gst := runInProcess(t, src)
			if got != want || gst != st {
				if w2, st2 := bash(src); w2 != want || st2 != st {
					t.Logf("bash itself gave two outputs: %q (%d), %q (%d)", want, st, w2, st2)
					want, st = w2, st2
				}
			}
			if got != want || gst != st {
				t.Errorf("bash (status %d):\n%q\nnash (status %d):\n%q", st, want, gst, got)
			}
		})
	}
}

func TestPrintfMatchesBash(t *testing.T) {
	compareWithBash(t, []string{
		`printf "%.20f|%a|%A|%La|%.3a|%.0a\n" 0.1 1 255 0.5 1 1.96875`,
		`printf "[%05s][%.2s][%5.1s][%c][%5c]\n" ab éa éa é x`,
		`printf "%d %d %x %o %u\n" -1 0x1f -1 -1 -1`,
		`printf "%d|%d|%d\n" 12a 0x 99999999999999999999`,
		`printf "%u|%x\n" -18446744073709551615 99999999999999999999`,
		`printf "%g %g %g %g %#g %e %G %.10g\n" 100000 1000000 0.0001 0.00001 1 0 1e-10 123456789012`,
		`printf "%f %f %f %e %5.2f|%-6f|%06f\n" inf -inf nan nan inf nan -inf`,
		`printf "%s %d\n" a`,
		`printf "%q\n" "a b" "it's" $'a\tb' "" "~x" "a~" "#a" "a#" "é" "x=1" "a=~" "a:~b" "a,b" "{a}" "!a" $'\x01'`,
		`printf "%5q|%-8q|%.3q|%Q|%.2Q\n" ab ab abcdef 'a b' 'a b c'`,
		`printf "%z"; echo $?; printf "%5"; echo $?; printf "%i|%5%|\n" 3 4; echo $?`,
		`printf "%*d|%-*d|%.*f|%*s|\n" 5 1 5 2 2 3.14159 -4 x`,
		`printf "%b|%b\n" "a\tb\0101\101\x41\u00e9" "x\cy"; echo`,
		`printf "a\cb %s\n" q; printf "\x\u\q\101\0101\n"`,
		`printf -v "a[1]" %s hi; declare -p a; printf -v 1a x; echo $?`,
		`printf; echo $?; printf -x; echo $?; printf -v; echo $?; printf -- -x; echo`,
		`printf "%-5.3d|%+d|% d|%+.0d|%#x|%#o|%#X|%08.3f|%-08d|%+05d|%#.0f|%.0e|%x\n" 7 5 5 0 255 8 0 3.14159 3 -3 2 15000 0`,
		`printf "%d %s\n" 1 2 3; printf "x\n" a b`,
		`printf "%.0f %.0f %.0f %.1f %.2f %.3f\n" 0.5 1.5 2.5 0.25 1.005 2.0005`,
		`printf "%d %d %d %f\n" "'A" '"é' "'" "'x"`,
		`printf "%n%s%n|\n" v1 abc v2; echo $v1 $v2`,
		`printf "%e %g %g\n" 1e4932 1e-4950 1e5000`,
		`printf "%(%a %A %b %B %c %C %d %D %e %F %g %G %H %I %j %k %l %m %M %p %r %R %s %S %T %u %U %V %w %W %x %X %y %Y %z %Z %%)T\n" 1700000000`,
		`printf "%(%-d %_H %010Y %^a %#Z %5S)T|%10(%H)T|%-10.1(%H)T|\n" 1700000000 0 0`,
		`printf "% 5d|%+5d|%-+5d|%05.2d|%5.0d|\n" 3 3 3 3 0`,
		`printf "%d\n" " 12" "12 " "+5" "-0x10" "010" "08" "1e3"`,
		`printf "%f\n" " 1.5" "1.5x" "0x1p3" ".5" "5." "1e" "-"`,
		`printf "%b\n" '\0' 'a\0b' '\1234' '\08' '\"' "\'" '\?'`,
		`printf "%c%c%c|%s\n" abc é 1`,
	})
}

func TestArithMatchesBash(t *testing.T) {
	compareWithBash(t, []string{
		`echo $(( 1/0 + 2 )); echo after`,
		`x=0; echo $((1/$x))`,
		`echo $(( '1' + 2 ))`,
		`echo $(( "1" + 2 ))`,
		`(( 1/0 )); echo st=$?`,
		`for ((i=0; i<1/0; i++)); do :; done; echo st=$?`,
		`echo $(( 2#102 ))`,
		`echo $(( 65#1 ))`,
		// Malformed text directly inside $(( )) is rejected by the parser
		// we build on, so errors of the evaluator are exercised through
		// variables, let and eval.
		`y=1+; echo $(( y * 2 ))`,
		`for e in '1 +' '1 2' '3 @ 2' 'x =' '1 = 2' '0x' '' '1 ? 2' '++5' '5++' 'a[' '1.5' '(1' '1)' '--x++' 'b=(1)'; do let "$e"; echo "$e:$?"; done`,
		`v='1 2'; echo $(( v )); echo next`,
		`let 'q = 1 +'; echo $?`,
		`echo $(( 9223372036854775807 + 1 )) $(( -9223372036854775808 / -1 )) $(( 2**63 )) $(( 99999999999999999999 ))`,
		`echo $(( 1 < 2 ? 3 : 4 )) $(( 0 && 1/0 )) $(( 1 || 1/0 )) $(( 0 ? 1/0 : 5 ))`,
		`v=3; echo $(( v++ + ++v )) $v $(( v-- - --v )) $v`,
		`echo $(( -7 / 2 )) $(( -7 % 2 )) $(( 1 << 65 )) $(( -1 >> 1 )) $(( ~5 )) $(( !0 ))`,
		`echo $(( 2 ** 0 )) $(( 0 ** 0 )) $(( 3 ** 40 )); echo $(( 2 ** -1 ))`,
		`u=; w=' 12 '; echo $(( u + 1 )) $(( w + 1 ))`,
		`echo $(( 010 + 0x10 + 2#11 + 64#_ + 36#z + 37#Z ))`,
		`a='b + 1'; b='c * 2'; c=5; echo $(( a ))`,
		`r='r + 1'; echo $(( r ))`,
		`x=08; echo $(( 10#$x )); echo $(( x ))`,
		`a=(10 20); (( a[1] *= 2, a[0]++ )); echo ${a[@]}; declare -A m; (( m[k]++ )); echo ${m[k]}`,
		`let "z = 1 / 0"; echo "let $?"; (( y = 3 / 0 )) ; echo "(( )) $?"`,
		`x=5; (( x += 2, x <<= 1, x %= 5 )); echo $x`,
	})
}

func TestPrintfQuoteArg(t *testing.T) {
	for in, want := range map[string]string{
		"":     "''",
		"a b":  `a\ b`,
		"~x":   `\~x`,
		"a=~":  `a=\~`,
		"#a":   `\#a`,
		"a#":   "a#",
		"\x01": `$'\001'`,
	} {
		if got := (quoter{}).printfArg(in); got != want {
			t.Errorf("printfArg(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStrtold(t *testing.T) {
	for _, c := range []struct {
		in   string
		conv byte
		want string
	}{
		{"0.1", 'f', "0.100000"},
		{"1", 'a', "0x8p-3"},
		{"0x1p3", 'g', "8"},
		{"-0", 'f', "-0.000000"},
		{"1e5000", 'e', "inf"},
	} {
		x, _, _ := strtold(c.in)
		got, _ := formatFloat(spec{conv: c.conv}, x)
		if !strings.EqualFold(got, c.want) {
			t.Errorf("%q %%%c = %q, want %q", c.in, c.conv, got, c.want)
		}
	}
}
