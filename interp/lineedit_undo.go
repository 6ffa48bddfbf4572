package interp

// undoRec is one change to the line, as readline's undo list keeps it:
// text inserted at, or deleted from, byte at. The changes one command
// made share a group and are undone together.
type undoRec struct {
	insert bool
	at     int
	text   []byte
	group  int
}

// record notes a change for undo (not while undoing): single-byte
// insertions that follow each other join one record, up to 20 bytes, as
// readline's rl_insert_text joins them; a character of several bytes
// (typed a byte at a time here) is one insertion of its own.
func (e *lineEditor) record(insert bool, at int, text []byte) {
	if e.undoing || len(text) == 0 {
		return
	}
	if n := len(e.undoList); insert && len(text) == 1 && e.undoGroup == 0 && n > 0 {
		last := &e.undoList[n-1]
		adjacent := last.insert && last.group < 0 && last.at+len(last.text) == at
		c := text[0]
		switch {
		case e.utf8 && c >= 0x80 && c < 0xc0 && adjacent:
			last.text = append(last.text, c) // the rest of a character
			return
		case e.utf8 && c >= 0xc0:
		case adjacent && len(last.text) < 20:
			last.text = append(last.text, c)
			return
		}
	}
	g := e.undoGroup
	if g == 0 {
		e.undoSeq++
		g = -e.undoSeq // a change of its own
	}
	e.undoList = append(e.undoList, undoRec{insert: insert, at: at, text: append([]byte(nil), text...), group: g})
}

// beginGroup makes the changes until endGroup one for undo.
func (e *lineEditor) beginGroup() {
	e.undoSeq++
	e.undoGroup = e.undoSeq
}

func (e *lineEditor) endGroup() { e.undoGroup = 0 }

// undo is readline's undo (^_ and ^X^U): the last command's changes are
// taken back, the cursor where the change was; with nothing to undo the
// bell rings.
func (e *lineEditor) undo() {
	n := len(e.undoList)
	if n == 0 {
		e.ding()
		return
	}
	g := e.undoList[n-1].group
	e.undoing = true
	for n > 0 && e.undoList[n-1].group == g {
		u := e.undoList[n-1]
		n--
		if u.insert {
			e.deleteRange(u.at, u.at+len(u.text))
		} else {
			e.moveTo(u.at)
			e.insert(u.text)
		}
	}
	e.undoing = false
	e.undoList = e.undoList[:n]
}

// revertLine is readline's revert-line (M-r): every change is undone.
func (e *lineEditor) revertLine() {
	if len(e.undoList) == 0 {
		e.ding()
		return
	}
	for len(e.undoList) > 0 {
		e.undo()
	}
}
