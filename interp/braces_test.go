package interp

import "testing"

func TestBraceExpansion(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"lists", `echo a{b,c}d {x,y}{1,2} {a,b{1..2}}c {x} {} a{,b}`},
		{"numbers", `echo {1..5} {5..1} {-2..2} {1..10..3} {10..1..3} {1..3..-1} {1..3..0}`},
		{"padding", `echo {01..10..3} {-05..3} {09..11} {1..010}`},
		{"chars", `echo {a..e} {z..w} {a..e..2} {a..Z}`},
		{"invalid", `echo {1..a} {a..1} {1.5..3} {1..2..x}`},
		{"quoted", `echo "{a,b}" '{1..2}' \{a,b\} {a,"b c"}`},
		{"large", `n=0; for i in {1..50000}; do n=$i; done; echo $n`},
		{"with-vars", `x=1; echo {$x,2} {a..c}$x`},
	})
}
