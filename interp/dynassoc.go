package interp

import "sort"

// BASH_ALIASES and BASH_CMDS are bash's dynamic associative arrays over
// the alias table and the command hash table: each reference rebuilds the
// array from the table (build_aliasvar, build_hashcmd), and assigning an
// element defines an alias or remembers a command's path. They stay so
// until unset.

// aliasHashBuckets is bash's ALIAS_HASH_BUCKETS.
const aliasHashBuckets = 64

// dynTableVar reports whether name is BASH_ALIASES or BASH_CMDS with its
// special meaning (no variable of that name has been made or unset).
func (r *Runner) dynTableVar(name string) bool {
	return (name == "BASH_ALIASES" || name == "BASH_CMDS") && r.vars.m[name] == nil
}

// tableArray builds BASH_ALIASES or BASH_CMDS as bash does: an array of
// the table's size filled in the order bash walks the table, and
// remembers it for listings (see dynSeen).
func (r *Runner) tableArray(name string) *variable {
	var h *assocArray
	if name == "BASH_ALIASES" {
		h = newAssocSize(aliasHashBuckets)
		for _, n := range r.aliasNames() {
			h.set(n, r.aliases[n])
		}
		r.dynSeen.aliases = h
	} else {
		h = newAssocSize(cmdHashBuckets)
		for _, n := range r.hashNames() {
			h.set(n, r.hash[n].path)
		}
		r.dynSeen.cmds = h
	}
	return &variable{kind: kAssoc, set: true, assoc: h}
}

// aliasNames returns the alias names in the order bash's hash_walk visits
// its alias table: by bucket, newest first within a bucket.
func (r *Runner) aliasNames() []string {
	names := make([]string, 0, len(r.aliases))
	for n := range r.aliases {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		bi, bj := bashHash(names[i])&(aliasHashBuckets-1), bashHash(names[j])&(aliasHashBuckets-1)
		if bi != bj {
			return bi < bj
		}
		return r.aliasSeq[names[i]] > r.aliasSeq[names[j]]
	})
	return names
}

// setTableElem is bash's assign_aliasvar and assign_hashcmd:
// BASH_ALIASES[k]=v defines alias k (a name alias refuses is reported
// and skipped), BASH_CMDS[k]=v remembers v as the path of command k.
func (r *Runner) setTableElem(name, key, val string, appendVal bool) {
	if name == "BASH_ALIASES" {
		if appendVal {
			val = r.aliases[key] + val
		}
		if !validAliasName(key) {
			// report_error: under set -e the shell exits at once
			r.errorf("`%s': invalid alias name", key)
			r.reportExit()
			return
		}
		r.defineAlias(key, val)
		return
	}
	if appendVal {
		if p, ok := r.hashTable()[key]; ok {
			val = p.path + val
		}
	}
	if !r.restrictedHashOK("", val) {
		return
	}
	r.hashInsert(key, val, 0)
}
