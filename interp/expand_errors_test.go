package interp

import "testing"

// TestExpansionErrorsAgainstBash covers expansion errors that bash only
// reports (the command still runs) and the names its messages use.
func TestExpansionErrorsAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		// an out-of-range negative index is reported; the element is unset
		{"negative-index", "a=(x y)\necho \"[${a[-3]}]\" $?"},
		// an empty associative key: assignment fails, reading warns
		{"assoc-empty-key", "declare -A h\nk=\nh[$k]=y\necho $?\necho \"[${h[$k]}]\" ${#h[@]}\nunset 'h[]'; echo $?"},
		// no negative length for a list
		{"list-negative-length", "a=(a b c)\necho \"${a[@]:1:-1}\"\necho after"},
		// ${x:?} names the parameter as written; 127 from a function in -c
		{"error-names", "f() { echo \"${1:?need}\"; }\nf"},
		{"error-elem", "a=()\necho \"${a[0]:?}\""},
		// an indirect reference through an empty value
		{"indirect-empty", "ref=\necho \"${!ref}\"\necho after"},
		// circular namerefs read as unset, with a warning
		{"nameref-circular", "declare -n b=c\ndeclare -n c=b\necho \"[$b]\" $?\nf() { local -n x=x; echo in f; }\nf"},
		// a backslash in an unquoted ${u-word} quotes what follows
		{"default-escaped-space", `printf '<%s>' ${u-a\ b} ${u:-a\ b c} ${u-\*}; echo`},
	})
}
