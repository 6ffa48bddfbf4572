package interp

// menuState is a run of menu completions: the word's start and quote,
// the matches with their common prefix first (when there are several),
// the one shown, and whether the run is over (a single match was
// completed), so that the next key starts another.
type menuState struct {
	m       rlMatches
	entries []string
	at      int
	start   int
	quote   byte
	full    bool
}

// menuComplete is readline's menu-complete (menu-complete-backward with
// a negative count): the first key puts the matches' common prefix in
// the word's place, or completes a single match; each key after it
// replaces the word by the next match (count steps on), the common prefix
// coming back, with the bell, after the last.
func (e *lineEditor) menuComplete(count int) {
	again := e.prevFn == "menu-complete" || e.prevFn == "menu-complete-backward"
	ms := &e.menu
	if !again || ms.full || ms.entries == nil {
		m, start, quote := e.findMatches('%', "")
		if e.r.flow == flowExit {
			return
		}
		*ms = menuState{m: m, start: start, quote: quote}
		if len(m.list) == 0 {
			e.ding()
			return
		}
		ms.entries = m.list
		if len(m.list) > 1 {
			ms.entries = append([]string{commonPrefix(m.list, e.r.rlCaseFold())}, m.list...)
		}
		if lcd := ms.entries[0]; lcd != "" {
			e.menuInsert(lcd, len(ms.entries) == 1)
		}
		if len(ms.entries) == 1 {
			e.appendToMatch(m, ms.entries[0], quote)
			ms.full = true
			return
		}
	}
	n := len(ms.entries)
	ms.at = ((ms.at+count)%n + n) % n
	if ms.at == 0 && n > 1 {
		e.ding()
		e.menuInsert(ms.entries[0], false)
		return
	}
	e.menuInsert(ms.entries[ms.at], true)
	e.appendToMatch(ms.m, ms.entries[ms.at], ms.quote)
}

// menuInsert puts s, quoted, in the place of what the menu completion
// put last (readline's insert_match from the word's start to the
// cursor).
func (e *lineEditor) menuInsert(s string, single bool) {
	ms := &e.menu
	rep := e.quoteMatch(s, ms.m, ms.quote, single)
	start := ms.start
	if ms.quote != 0 && start > 0 && e.buf[start-1] == ms.quote && rep != "" && rep[0] == ms.quote {
		start-- // the replacement has the opening quote
	}
	e.replaceWord(start, rep)
}
