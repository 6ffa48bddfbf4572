package interp

// declareRandomLookup draws the number bash's declare draws on top of the
// one every declaration of RANDOM draws: a global declare or typeset that
// changes an attribute (-i, +x, -r, -g, +a, ...) first looks for a
// nameref named RANDOM (find_variable_last_nameref), and each lookup
// calls RANDOM's dynamic value function. -a and -A (refused for RANDOM)
// and a bare declare RANDOM look it up once.
func (r *Runner) declareRandomLookup(variant, name string, o declOpts, local bool) {
	if name != "RANDOM" || local || variant != "declare" && variant != "typeset" || !r.randomLive() {
		return
	}
	if o.array || o.assoc || o.nameref || o.unNameref {
		return
	}
	if o.set != 0 || o.unset != 0 || o.global || o.unArray || o.unAssoc {
		r.random()
	}
}
