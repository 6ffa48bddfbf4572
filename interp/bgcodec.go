package interp

import (
	"encoding/binary"
	"errors"
)

// bgCodec encodes a job's state (bgState) or decodes it, with the same
// walk over its fields in both directions. It replaces encoding/gob,
// whose package initialisation alone cost every nash start 0.1 ms.
type bgCodec struct {
	enc bool
	buf []byte
	pos int
	err error
}

var errBgState = errors.New("truncated or damaged job state")

func (c *bgCodec) fail() bool {
	if c.err == nil && c.pos > len(c.buf) {
		c.err = errBgState
	}
	return c.err != nil
}

func (c *bgCodec) int64(p *int64) {
	if c.enc {
		c.buf = binary.AppendVarint(c.buf, *p)
		return
	}
	if c.fail() {
		return
	}
	v, n := binary.Varint(c.buf[c.pos:])
	if n <= 0 {
		c.err = errBgState
		return
	}
	c.pos += n
	*p = v
}

func (c *bgCodec) int(p *int) {
	v := int64(*p)
	c.int64(&v)
	*p = int(v)
}

func (c *bgCodec) uint64(p *uint64) {
	v := int64(*p)
	c.int64(&v)
	*p = uint64(v)
}

func (c *bgCodec) bool(p *bool) {
	var v int64
	if *p {
		v = 1
	}
	c.int64(&v)
	*p = v != 0
}

// count passes a slice's length, -1 for a nil slice; decoding, it is
// checked against the bytes left (each element takes one at least).
func (c *bgCodec) count(n int, isNil bool) int {
	if isNil {
		n = -1
	}
	c.int(&n)
	if !c.enc && (n < -1 || n > len(c.buf)-c.pos) {
		c.err, n = errBgState, -1
	}
	if c.err != nil {
		return -1
	}
	return n
}

func (c *bgCodec) str(p *string) {
	n := len(*p)
	c.int(&n)
	if c.enc {
		c.buf = append(c.buf, *p...)
		return
	}
	if c.fail() {
		return
	}
	if n < 0 || n > len(c.buf)-c.pos {
		c.err = errBgState
		return
	}
	*p = string(c.buf[c.pos : c.pos+n])
	c.pos += n
}

func (c *bgCodec) strs(p *[]string) {
	n := c.count(len(*p), *p == nil)
	if !c.enc {
		*p = nil
		if n >= 0 {
			*p = make([]string, n)
		}
	}
	for i := range *p {
		c.str(&(*p)[i])
	}
}

func (c *bgCodec) ints(p *[]int) {
	n := c.count(len(*p), *p == nil)
	if !c.enc {
		*p = nil
		if n >= 0 {
			*p = make([]int, n)
		}
	}
	for i := range *p {
		c.int(&(*p)[i])
	}
}

func (c *bgCodec) bools(p *[]bool) {
	n := c.count(len(*p), *p == nil)
	if !c.enc {
		*p = nil
		if n >= 0 {
			*p = make([]bool, n)
		}
	}
	for i := range *p {
		c.bool(&(*p)[i])
	}
}

func (c *bgCodec) strMap(p *map[string]string) {
	n := c.count(len(*p), *p == nil)
	if c.enc {
		for k, v := range *p {
			c.str(&k)
			c.str(&v)
		}
		return
	}
	*p = nil
	if n < 0 {
		return
	}
	*p = make(map[string]string, n)
	for range n {
		var k, v string
		c.str(&k)
		c.str(&v)
		(*p)[k] = v
	}
}

func (c *bgCodec) buckets(p *map[uint32][]string) {
	n := c.count(len(*p), *p == nil)
	if c.enc {
		for k, v := range *p {
			b := int64(k)
			c.int64(&b)
			c.strs(&v)
		}
		return
	}
	*p = nil
	if n < 0 {
		return
	}
	*p = make(map[uint32][]string, n)
	for range n {
		var b int64
		var v []string
		c.int64(&b)
		c.strs(&v)
		(*p)[uint32(b)] = v
	}
}

// bgEach passes a slice of n structs: decoding, alloc makes it.
func bgEach(c *bgCodec, n int, alloc func(int), elem func(int)) {
	if !c.enc && n >= 0 {
		alloc(n)
	}
	for i := 0; i < n && c.err == nil; i++ {
		elem(i)
	}
}

func (n *bgNode) codec(c *bgCodec) {
	c.str(&n.Snip)
	c.int(&n.Line)
	c.int(&n.Col)
	c.bool(&n.Posix)
	c.int(&n.Src)
	c.int(&n.Pos)
	c.int(&n.End)
}

func (v *bgVar) codec(c *bgCodec) {
	c.str(&v.Name)
	c.bool(&v.Unbound)
	k, a, d, nb := int64(v.Kind), int64(v.Attrs), int64(v.Dynamic), int64(v.NB)
	c.int64(&k)
	c.int64(&a)
	c.int64(&d)
	c.int64(&nb)
	v.Kind, v.Attrs, v.Dynamic, v.NB = uint8(k), uint16(a), uint8(d), uint32(nb)
	c.bool(&v.Set)
	c.bool(&v.Local)
	c.bool(&v.Tempvar)
	c.str(&v.Str)
	c.ints(&v.Keys)
	c.strs(&v.Vals)
	c.strMap(&v.Assoc)
	c.buckets(&v.Buckets)
}

func bgVars(c *bgCodec, p *[]bgVar) {
	bgEach(c, c.count(len(*p), *p == nil), func(n int) { *p = make([]bgVar, n) }, func(i int) { (*p)[i].codec(c) })
}

func (s *bgState) codec(c *bgCodec) {
	bgEach(c, c.count(len(s.Sources), s.Sources == nil), func(n int) { s.Sources = make([]bgSource, n) }, func(i int) {
		c.str(&s.Sources[i].Text)
		c.bool(&s.Sources[i].Posix)
	})
	s.Cmd.codec(c)
	bgVars(c, &s.Vars)
	bgEach(c, c.count(len(s.Frames), s.Frames == nil), func(n int) { s.Frames = make([][]bgVar, n) }, func(i int) { bgVars(c, &s.Frames[i]) })
	bgEach(c, c.count(len(s.Funcs), s.Funcs == nil), func(n int) { s.Funcs = make([]bgFunc, n) }, func(i int) {
		f := &s.Funcs[i]
		c.str(&f.Name)
		c.str(&f.Source)
		c.int(&f.Line)
		c.bool(&f.Trace)
		c.bool(&f.Export)
		f.Body.codec(c)
		c.int(&f.LineOff)
		c.ints(&f.LineConts)
		c.int(&f.ContsEnd)
	})
	bgEach(c, c.count(len(s.Calls), s.Calls == nil), func(n int) { s.Calls = make([]bgCall, n) }, func(i int) {
		f := &s.Calls[i]
		c.str(&f.FuncName)
		c.bool(&f.Sourced)
		c.str(&f.Source)
		c.int(&f.Line)
		c.strs(&f.Args)
		c.bools(&f.SetOpts)
	})
	c.strs(&s.ReadonlyFuncs)
	bgEach(c, c.count(len(s.Aliases), s.Aliases == nil), func(n int) { s.Aliases = make([]bgAlias, n) }, func(i int) {
		c.str(&s.Aliases[i].Name)
		c.str(&s.Aliases[i].Value)
		c.uint64(&s.Aliases[i].Seq)
	})
	c.uint64(&s.AliasN)
	c.bools(&s.Set)
	c.bools(&s.Shopt)
	for i := range s.BeforePosix {
		c.bool(&s.BeforePosix[i])
	}
	c.strs(&s.Disabled)
	bgEach(c, c.count(len(s.Hash), s.Hash == nil), func(n int) { s.Hash = make([]bgHash, n) }, func(i int) {
		h := &s.Hash[i]
		c.str(&h.Name)
		c.str(&h.Path)
		c.int(&h.Hits)
		c.uint64(&h.Seq)
	})
	c.uint64(&s.HashSeq)
	c.str(&s.HashPath)
	c.strs(&s.InvalidEnv)
	c.str(&s.Dir)
	c.strs(&s.Params)
	c.strs(&s.TopParams)
	c.str(&s.Arg0)
	c.int(&s.Exit)
	c.int(&s.LastBg)
	c.ints(&s.PipeStatus)
	c.strMap(&s.Traps)
	c.strs(&s.TrapLive)
	for _, p := range []*int{&s.Depth, &s.SubLevel, &s.ShPid, &s.ShPpid, &s.Line, &s.NoticeLine, &s.LineOff,
		&s.ContsEnd, &s.LoopDepth, &s.Optind[0], &s.Optind[1], &s.Optind[2], &s.XtraceFD, &s.TraceLevel, &s.NoErrExit} {
		c.int(p)
	}
	for _, p := range []*string{&s.ShName, &s.StartName, &s.SourceName, &s.LastArg, &s.ExecString, &s.BashPath,
		&s.BashArgv0, &s.XtraceVal, &s.ThisCmd} {
		c.str(p)
	}
	for _, p := range []*bool{&s.CmdString, &s.StdinCmds, &s.OptindBundle, &s.BashByName, &s.InParen, &s.InComsub,
		&s.StdinRedir, &s.IgnoreInt} {
		c.bool(p)
	}
	c.ints(&s.LineConts)
	c.strs(&s.DirStack)
	c.int64(&s.SecondsBase)
	c.int64(&s.SecondsOff)
}

// encode returns the state's bytes.
func (s *bgState) encode() []byte {
	c := &bgCodec{enc: true}
	s.codec(c)
	return c.buf
}

// decode reads a state encode made.
func (s *bgState) decode(data []byte) error {
	c := &bgCodec{buf: data}
	s.codec(c)
	if c.err == nil && c.pos != len(data) {
		c.err = errBgState
	}
	return c.err
}
