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

func (c *bgCodec) uint32(p *uint32) {
	v := int64(*p)
	c.int64(&v)
	*p = uint32(v)
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

// bgSlice passes a slice, its length then each element by elem; a nil
// slice stays nil.
func bgSlice[T any](c *bgCodec, p *[]T, elem func(*T)) {
	n := c.count(len(*p), *p == nil)
	if !c.enc {
		*p = nil
		if n >= 0 {
			*p = make([]T, n)
		}
	}
	for i := range *p {
		if c.err != nil {
			return
		}
		elem(&(*p)[i])
	}
}

// bgMap passes a map, its length then each key and value; a nil map
// stays nil.
func bgMap[K comparable, V any](c *bgCodec, p *map[K]V, key func(*K), val func(*V)) {
	n := c.count(len(*p), *p == nil)
	if c.enc {
		for k, v := range *p {
			key(&k)
			val(&v)
		}
		return
	}
	*p = nil
	if n < 0 {
		return
	}
	*p = make(map[K]V, n)
	for range n {
		var k K
		var v V
		key(&k)
		val(&v)
		(*p)[k] = v
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
	bgSlice(c, &v.Keys, c.int)
	bgSlice(c, &v.Vals, c.str)
	bgMap(c, &v.Assoc, c.str, c.str)
	bgMap(c, &v.Buckets, c.uint32, func(v *[]string) { bgSlice(c, v, c.str) })
}

func (s *bgState) codec(c *bgCodec) {
	bgSlice(c, &s.Sources, func(src *bgSource) {
		c.str(&src.Text)
		c.bool(&src.Posix)
	})
	s.Cmd.codec(c)
	vars := func(vs *[]bgVar) { bgSlice(c, vs, func(v *bgVar) { v.codec(c) }) }
	vars(&s.Vars)
	bgSlice(c, &s.Frames, vars)
	bgSlice(c, &s.Funcs, func(f *bgFunc) {
		c.str(&f.Name)
		c.str(&f.Source)
		c.int(&f.Line)
		c.bool(&f.Trace)
		c.bool(&f.Export)
		f.Body.codec(c)
		c.int(&f.LineOff)
		bgSlice(c, &f.LineConts, c.int)
		c.int(&f.ContsEnd)
	})
	bgSlice(c, &s.Calls, func(f *bgCall) {
		c.str(&f.FuncName)
		c.bool(&f.Sourced)
		c.str(&f.Source)
		c.int(&f.Line)
		bgSlice(c, &f.Args, c.str)
		bgSlice(c, &f.SetOpts, c.bool)
		c.str(&f.Path)
		c.bool(&f.NoArgv)
	})
	bgSlice(c, &s.ReadonlyFuncs, c.str)
	bgSlice(c, &s.Aliases, func(a *bgAlias) {
		c.str(&a.Name)
		c.str(&a.Value)
		c.uint64(&a.Seq)
	})
	c.uint64(&s.AliasN)
	bgSlice(c, &s.Set, c.bool)
	bgSlice(c, &s.Shopt, c.bool)
	for i := range s.BeforePosix {
		c.bool(&s.BeforePosix[i])
	}
	c.bool(&s.JobCtlOff)
	bgSlice(c, &s.ShownShopt, c.bool)
	bgSlice(c, &s.Disabled, c.str)
	bgSlice(c, &s.Hash, func(h *bgHash) {
		c.str(&h.Name)
		c.str(&h.Path)
		c.int(&h.Hits)
		c.uint64(&h.Seq)
	})
	c.uint64(&s.HashSeq)
	c.str(&s.HashPath)
	bgSlice(c, &s.InvalidEnv, c.str)
	c.bool(&s.ArgvSeen)
	c.bool(&s.NoTopArgs)
	bgSlice(c, &s.ArgcVals, c.str)
	bgSlice(c, &s.ArgvVals, c.str)
	bgSlice(c, &s.LocaleFailed, c.str)
	bgSlice(c, &s.LocaleStartup, c.str)
	c.str(&s.LocaleMessages)
	c.str(&s.Dir)
	bgSlice(c, &s.Params, c.str)
	bgSlice(c, &s.TopParams, c.str)
	c.str(&s.Arg0)
	c.int(&s.Exit)
	c.int(&s.LastBg)
	bgSlice(c, &s.PipeStatus, c.int)
	bgMap(c, &s.Traps, c.str, c.str)
	bgSlice(c, &s.TrapLive, c.str)
	for _, p := range []*int{&s.Depth, &s.SubLevel, &s.ShPid, &s.ShPpid, &s.Line, &s.NoticeLine, &s.LineOff,
		&s.ContsEnd, &s.LoopDepth, &s.Optind[0], &s.Optind[1], &s.Optind[2], &s.XtraceFD, &s.TraceLevel, &s.NoErrExit, &s.IgnoreBase,
		&s.SubLevelAdj, &s.ReportFD, &s.ForkLevel} {
		c.int(p)
	}
	for _, p := range []*string{&s.ShName, &s.StartName, &s.SourceName, &s.LastArg, &s.ExecString, &s.BashPath,
		&s.BashArgv0, &s.XtraceVal, &s.TracePending, &s.ThisCmd, &s.Comm} {
		c.str(p)
	}
	for _, p := range []*bool{&s.CmdString, &s.StdinCmds, &s.DashS, &s.OptindBundle, &s.BashByName, &s.InParen, &s.InComsub,
		&s.NotLogin, &s.StdinRedir, &s.IgnoreInt, &s.OuterPE, &s.HardInt} {
		c.bool(p)
	}
	bgSlice(c, &s.LineConts, c.int)
	bgSlice(c, &s.Hard, c.int)
	bgSlice(c, &s.DirStack, c.str)
	bgSlice(c, &s.Cloexec, c.int)
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
