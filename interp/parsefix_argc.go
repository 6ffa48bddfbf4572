package interp

import "strings"

// Bash reads ${##word} and ${###word} as $# with the # or ## operator
// (${##1} is 2 with twelve parameters); mvdan's parser takes the first
// "#" for a length and rejects the rest. Such an expansion is rewritten
// into ${__nash_argc#word}: the first "#" becomes "_" and the rest of
// the name is inserted after it, so the operator is left as written.
// paramExp reads the name as "#", and writtenText shows ${#.

// argcName is the parameter of a rewritten ${##word}, which is $#.
const argcName = "__nash_argc"

// argcRewrite rewrites the ${##word} whose "$" is at offset i.
func argcRewrite(i int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		if !strings.HasPrefix(text[i:], "${##") || strings.HasPrefix(text[i:], "${##}") {
			return "", nil, false
		}
		ins := argcName[1:]
		out := text[:i+2] + "_" + ins + text[i+3:]
		return out, []parseEdit{{i + 3, len(ins)}}, true
	}
}
