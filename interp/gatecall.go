package interp

import "mvdan.cc/sh/v3/syntax"

// The gate* helpers call the Gate and contain any panic it raises: an
// observer must never take a command down with it.

func (r *Runner) gateStart(info *ExecInfo) (v Verdict) {
	defer func() {
		if recover() != nil {
			v = Verdict{}
		}
	}()
	return r.sh.gate.ExecStart(r.ctx, info)
}

func (r *Runner) gateEnd(info *ExecInfo, res ExecResult) {
	defer func() { recover() }()
	r.sh.gate.ExecEnd(r.ctx, info, res)
}

func (r *Runner) gateRedirect(info *ExecInfo, ri *RedirectInfo) (done func()) {
	if r.sh.gate == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			done = nil
		}
	}()
	ri.Cmd = info
	d := r.sh.gate.Redirect(r.ctx, ri)
	ri.File = nil
	return d
}

func (r *Runner) safeDone(d func()) {
	defer func() { recover() }()
	d()
}

func (r *Runner) gatePipe(p *PipeInfo) (t PipeTap) {
	defer func() {
		if recover() != nil {
			t = nil
		}
	}()
	return r.sh.gate.Pipe(r.ctx, p)
}

func (r *Runner) gateCmdSubst(c *CmdSubstInfo, text []byte) {
	defer func() { recover() }()
	r.sh.gate.CmdSubst(r.ctx, c, text)
}

func (r *Runner) gateState(s *StateInfo) {
	if r.sh.gate == nil {
		return
	}
	defer func() { recover() }()
	r.sh.gate.State(r.ctx, s)
}

// taintedValues returns the values of secret-named variables that c's
// words expand, for masking by provenance.
func (r *Runner) taintedValues(c *syntax.CallExpr) []string {
	var out []string
	visit := func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && SecretName(pe.Param.Value) {
			if v := r.lookup(pe.Param.Value); v != nil && v.set {
				if s := v.value(); len(s) >= 4 {
					out = append(out, s)
				}
			}
		}
		return true
	}
	for _, w := range c.Args {
		walk(w, visit)
	}
	for _, a := range c.Assigns {
		if a.Value != nil {
			walk(a.Value, visit)
		}
	}
	return out
}
