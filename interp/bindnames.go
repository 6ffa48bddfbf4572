package interp

import (
	"sort"
	"strconv"
	"strings"
	"sync"
)

// readlineFuncs are the names of readline's bindable functions (its
// funmap), sorted: what compgen -A binding lists before readline is
// initialized.
var readlineFuncs = []string{
	"abort", "accept-line", "arrow-key-prefix", "backward-byte", "backward-char",
	"backward-delete-char", "backward-kill-line", "backward-kill-word", "backward-word",
	"beginning-of-history", "beginning-of-line", "bracketed-paste-begin", "call-last-kbd-macro",
	"capitalize-word", "character-search", "character-search-backward", "clear-display",
	"clear-screen", "complete", "copy-backward-word", "copy-forward-word", "copy-region-as-kill",
	"delete-char", "delete-char-or-list", "delete-horizontal-space", "digit-argument",
	"do-lowercase-version", "downcase-word", "dump-functions", "dump-macros", "dump-variables",
	"emacs-editing-mode", "end-kbd-macro", "end-of-history", "end-of-line", "exchange-point-and-mark",
	"fetch-history", "forward-backward-delete-char", "forward-byte", "forward-char",
	"forward-search-history", "forward-word", "history-search-backward", "history-search-forward",
	"history-substring-search-backward", "history-substring-search-forward", "insert-comment",
	"insert-completions", "kill-line", "kill-region", "kill-whole-line", "kill-word", "menu-complete",
	"menu-complete-backward", "next-history", "next-screen-line",
	"non-incremental-forward-search-history", "non-incremental-forward-search-history-again",
	"non-incremental-reverse-search-history", "non-incremental-reverse-search-history-again",
	"old-menu-complete", "operate-and-get-next", "overwrite-mode", "possible-completions",
	"previous-history", "previous-screen-line", "print-last-kbd-macro", "quoted-insert",
	"re-read-init-file", "redraw-current-line", "reverse-search-history", "revert-line",
	"self-insert", "set-mark", "skip-csi-sequence", "start-kbd-macro", "tab-insert", "tilde-expand",
	"transpose-chars", "transpose-words", "tty-status", "undo", "universal-argument",
	"unix-filename-rubout", "unix-line-discard", "unix-word-rubout", "upcase-word", "vi-append-eol",
	"vi-append-mode", "vi-arg-digit", "vi-bWord", "vi-back-to-indent", "vi-backward-bigword",
	"vi-backward-word", "vi-bword", "vi-change-case", "vi-change-char", "vi-change-to",
	"vi-char-search", "vi-column", "vi-complete", "vi-delete", "vi-delete-to", "vi-eWord",
	"vi-editing-mode", "vi-end-bigword", "vi-end-word", "vi-eof-maybe", "vi-eword", "vi-fWord",
	"vi-fetch-history", "vi-first-print", "vi-forward-bigword", "vi-forward-word", "vi-fword",
	"vi-goto-mark", "vi-insert-beg", "vi-insertion-mode", "vi-match", "vi-movement-mode",
	"vi-next-word", "vi-overstrike", "vi-overstrike-delete", "vi-prev-word", "vi-put", "vi-redo",
	"vi-replace", "vi-rubout", "vi-search", "vi-search-again", "vi-set-mark", "vi-subst",
	"vi-tilde-expand", "vi-undo", "vi-unix-word-rubout", "vi-yank-arg", "vi-yank-pop", "vi-yank-to",
	"yank", "yank-last-arg", "yank-nth-arg", "yank-pop",
}

// bashReadlineFuncs are the bindable functions bash adds to readline's
// when it initializes it (which any use of bind does): bind -l and, from
// then on, compgen -A binding list them too.
var bashReadlineFuncs = []string{
	"alias-expand-line", "complete-command", "complete-filename", "complete-hostname",
	"complete-into-braces", "complete-username", "complete-variable", "dabbrev-expand",
	"display-shell-version", "dynamic-complete-history", "edit-and-execute-command",
	"glob-complete-word", "glob-expand-word", "glob-list-expansions", "history-and-alias-expand-line",
	"history-expand-line", "insert-last-argument", "magic-space", "possible-command-completions",
	"possible-filename-completions", "possible-hostname-completions", "possible-username-completions",
	"possible-variable-completions", "shell-backward-kill-word", "shell-backward-word",
	"shell-expand-line", "shell-forward-word", "shell-kill-word", "shell-transpose-words",
	"spell-correct-word", "vi-edit-and-execute-command",
}

// bindableNames returns the bindable function names, sorted, as bash
// has them: with its own once readline was initialized.
func (r *Runner) bindableNames() []string {
	if !r.rlInit {
		return readlineFuncs
	}
	return allBindableNames()
}

// allBindableNames is readline's and bash's bindable function names
// merged and sorted, made once: constant data, never changed.
var allBindableNames = sync.OnceValue(func() []string {
	out := append(append([]string(nil), readlineFuncs...), bashReadlineFuncs...)
	sort.Strings(out)
	return out
})

// bindLine applies a readline init line given to bind (rl_parse_and_bind)
// to keymaps the caller owns: its variable setting or key binding.
func (r *Runner) bindLine(line string) {
	line = strings.TrimLeft(line, " \t")
	if line == "" || line[0] == '#' {
		return
	}
	if line[0] == '$' {
		word, _, _ := strings.Cut(line[1:], " ")
		switch strings.ToLower(word) {
		case "if", "else", "endif", "include":
			// (readline keeps the state of a $if across bind calls;
			// nash reads nothing under them)
		default:
			r.rlError("%s: unknown parser directive", word)
		}
		return
	}
	r.rlBindLine(line)
}

// loadReadline is what starting readline does in every shell: bash's
// bindable functions join readline's, and the inputrc file is read.
func (r *Runner) loadReadline() {
	r.rlInit = true
	if r.rlMaps != nil {
		r.ownKeymaps() // (else they are built when a binding needs them)
	}
	r.readInputrc()
	// readline then takes the keymap from the editing mode, whatever
	// set keymap the file had
	if _, ok := r.rlVars["keymap"]; ok {
		r.rlSetVar("editing-mode", r.rlVar("editing-mode"))
	}
}

// initReadline is what bash's first use of readline does in a shell that
// has not used it: bash's bindable functions join readline's, and
// readline sets LINES and COLUMNS to the screen size, taken (without a
// terminal to ask) from those variables when they hold a positive
// number, else 24 by 80.
func (r *Runner) initReadline() {
	r.loadReadline()
	size := func(name string, def int) string {
		if v := r.lookup(name); v.isSetScalar() {
			if n, err := strconv.Atoi(strings.TrimSpace(v.value())); err == nil && n > 0 {
				return strconv.Itoa(n)
			}
		}
		return strconv.Itoa(def)
	}
	lines, cols := size("LINES", 24), size("COLUMNS", 80)
	r.setScalar("LINES", lines, true)
	r.setScalar("COLUMNS", cols, true)
}
