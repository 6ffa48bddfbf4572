package interp

import (
	"strconv"
	"strings"
)

// biTest implements test and [ with POSIX's argument-count rules.
func biTest(r *Runner, args []string) int {
	name := args[0]
	a := args[1:]
	if name == "[" {
		if len(a) == 0 || a[len(a)-1] != "]" {
			r.bErr("[", "missing `]'")
			return 2
		}
		a = a[:len(a)-1]
	}
	t := &testParser{r: r, args: a, name: name}
	ok, err := t.eval()
	if err != nil {
		r.bErr(name, "%s", err.Error())
		return 2
	}
	if ok {
		return 0
	}
	return 1
}

type testParser struct {
	r    *Runner
	args []string
	pos  int
	name string
}

type testErr struct{ msg string }

func (e *testErr) Error() string { return e.msg }

func isUnaryTestOp(s string) bool {
	switch s {
	case "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s",
		"-t", "-u", "-w", "-x", "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R":
		return true
	}
	return false
}

func isBinaryTestOp(s string) bool {
	switch s {
	case "=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef":
		return true
	}
	return false
}

func (t *testParser) eval() (bool, error) {
	a := t.args
	switch len(a) {
	case 0:
		return false, nil
	case 1:
		return a[0] != "", nil
	case 2:
		if a[0] == "!" {
			return a[1] == "", nil
		}
		if isUnaryTestOp(a[0]) {
			return t.unary(a[0], a[1])
		}
		return false, &testErr{a[0] + ": unary operator expected"}
	case 3:
		if isBinaryTestOp(a[1]) {
			return t.binary(a[0], a[1], a[2])
		}
		// bash's three_arguments: -a and -o join two one-argument
		// tests, whatever the operands look like (test -e -o x)
		if a[1] == "-a" {
			return a[0] != "" && a[2] != "", nil
		}
		if a[1] == "-o" {
			return a[0] != "" || a[2] != "", nil
		}
		if a[0] == "!" {
			sub := &testParser{r: t.r, args: a[1:], name: t.name}
			ok, err := sub.eval()
			return !ok, err
		}
		if a[0] == "(" && a[2] == ")" {
			return a[1] != "", nil
		}
		return false, &testErr{a[1] + ": binary operator expected"}
	case 4:
		if a[0] == "!" {
			sub := &testParser{r: t.r, args: a[1:], name: t.name}
			ok, err := sub.eval()
			return !ok, err
		}
		if a[0] == "(" && a[3] == ")" {
			sub := &testParser{r: t.r, args: a[1:3], name: t.name}
			return sub.eval()
		}
	}
	ok, err := t.orExpr()
	if err != nil {
		return false, err
	}
	if t.pos < len(t.args) {
		// bash names a leftover operator-looking argument
		if a := t.args[t.pos]; a != "" && a[0] == '-' {
			return false, &testErr{"syntax error: `" + a + "' unexpected"}
		}
		return false, &testErr{"too many arguments"}
	}
	return ok, nil
}

func (t *testParser) peek() (string, bool) {
	if t.pos < len(t.args) {
		return t.args[t.pos], true
	}
	return "", false
}

func (t *testParser) orExpr() (bool, error) {
	ok, err := t.andExpr()
	if err != nil {
		return false, err
	}
	for {
		s, more := t.peek()
		if !more || s != "-o" {
			return ok, nil
		}
		t.pos++
		right, err := t.andExpr()
		if err != nil {
			return false, err
		}
		ok = ok || right
	}
}

func (t *testParser) andExpr() (bool, error) {
	ok, err := t.notExpr()
	if err != nil {
		return false, err
	}
	for {
		s, more := t.peek()
		if !more || s != "-a" {
			return ok, nil
		}
		t.pos++
		right, err := t.notExpr()
		if err != nil {
			return false, err
		}
		ok = ok && right
	}
}

func (t *testParser) notExpr() (bool, error) {
	s, more := t.peek()
	if more && s == "!" {
		t.pos++
		ok, err := t.notExpr()
		return !ok, err
	}
	return t.primary()
}

func (t *testParser) primary() (bool, error) {
	s, more := t.peek()
	if !more {
		return false, &testErr{"argument expected"}
	}
	if s == "(" {
		t.pos++
		ok, err := t.orExpr()
		if err != nil {
			return false, err
		}
		if c, m := t.peek(); !m || c != ")" {
			if !m && t.name == "[" {
				// bash's [ leaves its closing ] in place, so the parser finds it
				c, m = "]", true
			}
			if m {
				return false, &testErr{"`)' expected, found " + c}
			}
			return false, &testErr{"`)' expected"}
		}
		t.pos++
		return ok, nil
	}
	if t.pos+2 < len(t.args)+0 && isBinaryTestOp(t.args[t.pos+1]) {
		a, op, b := t.args[t.pos], t.args[t.pos+1], t.args[t.pos+2]
		t.pos += 3
		return t.binary(a, op, b)
	}
	if isUnaryTestOp(s) && t.pos+1 < len(t.args) {
		if _, num := parseTestInt(t.args[t.pos+1]); s == "-t" && !num {
			// bash's unary_operator: -t takes the next argument only
			// when it is a number, and is false otherwise
			t.pos++
			return false, nil
		}
		t.pos += 2
		return t.unary(s, t.args[t.pos-1])
	}
	t.pos++
	return s != "", nil
}

func (t *testParser) unary(op, arg string) (bool, error) {
	if op == "-a" {
		op = "-e"
	}
	if op == "-v" {
		return t.r.varIsSetSub(arg, !t.r.opts.sh(shAssocExpandOnce)), nil
	}
	ok, err := t.r.unaryTest(op, arg)
	if err != nil {
		return false, &testErr{err.Error()}
	}
	return ok, nil
}

func (t *testParser) binary(a, op, b string) (bool, error) {
	switch op {
	case "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
		x, ok := parseTestInt(a)
		if !ok {
			return false, &testErr{a + ": integer expression expected"}
		}
		y, ok := parseTestInt(b)
		if !ok {
			return false, &testErr{b + ": integer expression expected"}
		}
		return intCompare(op, x, y), nil
	}
	ok, err := t.r.binaryTest(op, a, b)
	if err != nil {
		return false, &testErr{err.Error()}
	}
	return ok, nil
}

// parseTestInt parses an integer operand as bash's legal_number does:
// strtoimax in base 10 (leading white space of any kind, a sign), then
// only blanks; a value out of int64's range is no number.
func parseTestInt(s string) (int64, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	s = strings.TrimRight(s, " \t")
	if s == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, false
	}
	return n, true
}
