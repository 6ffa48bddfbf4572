// nash feed UI. Every value that came from a shell is hostile: it is only
// ever placed with textContent / attribute setters, never parsed as HTML.
"use strict";
(function () {
  const KINDS = ["exec", "start", "redirect", "pipe", "cmdsub", "cd", "export", "fallback", "dropped", "deny"];
  const GLYPH = { exec: "$", start: "…", redirect: ">", pipe: "|", cmdsub: "$(", cd: "cd", export: "≔", fallback: "⚠", dropped: "∅", deny: "⊘" };
  const MAX_ROWS = 2000;
  const state = { session: "", kinds: new Set(), failing: false, q: "", rows: [], sel: -1, lastId: 0, es: null, detailId: 0, shells: {} };
  const $ = (id) => document.getElementById(id);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function fmtBytes(n) {
    if (n === undefined || n === null) return "";
    if (n < 1024) return n + " B";
    if (n < 1 << 20) return (n / 1024).toFixed(1) + " K";
    return (n / (1 << 20)).toFixed(1) + " M";
  }
  function fmtDur(ms) {
    if (ms === undefined || ms === null) return "";
    if (ms < 1000) return ms + "ms";
    if (ms < 60000) return (ms / 1000).toFixed(1) + "s";
    return Math.round(ms / 60000) + "m";
  }
  function fmtTime(ts) {
    const d = new Date(ts);
    return d.toTimeString().slice(0, 8) + "." + String(d.getMilliseconds()).padStart(3, "0");
  }
  function b64bytes(s) {
    try {
      const bin = atob(s || "");
      const out = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
      return out;
    } catch (e) { return new Uint8Array(0); }
  }
  function decodeText(bytes) {
    try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (e) { return null; }
  }
  function hexdump(bytes) {
    const lines = [];
    for (let off = 0; off < bytes.length; off += 16) {
      const chunk = bytes.slice(off, off + 16);
      const hex = Array.from(chunk, (b) => b.toString(16).padStart(2, "0")).join(" ");
      const asc = Array.from(chunk, (b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : ".")).join("");
      lines.push(off.toString(16).padStart(8, "0") + "  " + hex.padEnd(48) + "  " + asc);
    }
    return lines.join("\n");
  }
  function summary(ev) {
    switch (ev.kind) {
      case "exec": case "start": return (ev.argv || []).join(" ");
      case "redirect": {
        const t = ev.target || {};
        const tgt = t.path !== undefined ? t.path : t.fd !== undefined ? "&" + t.fd : t.heredoc ? "here-doc" : "";
        return (ev.op || "") + " " + tgt + (ev.special ? " (special)" : "");
      }
      case "pipe": return "pipeline " + ev.pipelineId + ": " + ev.fromIndex + " → " + ev.toIndex + (ev.tapFailed ? " (tap failed)" : "");
      case "cmdsub": return "command substitution of #" + (ev.cmdSeq || "?");
      case "cd": return (ev.from || "") + " → " + (ev.to || "");
      case "export": return (ev.op || "") + " " + (ev.names || []).join(" ");
      case "fallback": return "fallback to bash: " + (ev.reason || "") + (ev.input ? " — " + ev.input : "");
      case "dropped": return "dropped " + ev.count + " events (" + (ev.reason || "") + ")";
      case "deny": return "denied #" + (ev.cmdSeq || "?") + ": " + (ev.rule || "") + " " + (ev.message || "");
    }
    return ev.kind;
  }
  function previewText(ev) {
    if (!ev.previewB64) return "";
    const b = b64bytes(ev.previewB64);
    const t = ev.binary ? null : decodeText(b.slice(0, 200));
    if (t === null) return "⟨binary " + b.length + " B⟩";
    return t.replace(/\s+/g, " ");
  }
  function isWarn(ev) { return ev.kind === "fallback" || ev.kind === "deny" || ev.kind === "dropped"; }

  function query(extra) {
    const p = new URLSearchParams();
    if (state.session) p.set("session", state.session);
    if (state.kinds.size) p.set("kind", Array.from(state.kinds).join(","));
    if (state.failing) p.set("failing", "1");
    for (const k in extra) p.set(k, extra[k]);
    return p;
  }

  function buildRow(v) {
    const ev = v.event || {};
    const tr = el("tr");
    tr.dataset.id = v.id;
    if (isWarn(ev)) tr.classList.add("warn");
    tr.appendChild(el("td", "dim", fmtTime(v.ts)));
    tr.appendChild(el("td", "dim", v.shellId.slice(0, 8))).title = v.shellId;
    tr.appendChild(el("td", "dim num", v.seq));
    tr.appendChild(el("td", "glyph", ev.kind === "redirect" && ev.op ? ev.op : GLYPH[ev.kind] || "?")).title = ev.kind;
    const s = summary(ev);
    tr.appendChild(el("td", "", s)).title = s;
    tr.appendChild(el("td", "num", fmtBytes(ev.bytes)));
    const ex = el("td", "num", ev.exitCode === undefined ? "" : ev.exitCode);
    if (ev.exitCode !== undefined) ex.classList.add(ev.exitCode === 0 ? "exit-ok" : "exit-bad");
    tr.appendChild(ex);
    tr.appendChild(el("td", "num dim", fmtDur(ev.durationMs)));
    const pv = el("td", "dim");
    if (ev.truncated) pv.appendChild(el("span", "badge", "truncated"));
    if (ev.binary) pv.appendChild(el("span", "badge bin", "binary"));
    if (ev.tapFailed) pv.appendChild(el("span", "badge", "tap failed"));
    pv.appendChild(document.createTextNode(previewText(ev)));
    tr.appendChild(pv);
    tr.addEventListener("click", () => { select(state.rows.indexOf(v)); openDetail(); });
    v._tr = tr;
    return tr;
  }

  function matchesText(v) {
    if (!state.q) return true;
    return JSON.stringify(v.event).toLowerCase().includes(state.q.toLowerCase()) || previewText(v.event).toLowerCase().includes(state.q.toLowerCase());
  }

  // addLive puts new events at the top, newest first.
  function addLive(v) {
    if (v.id <= state.lastId) return;
    state.lastId = v.id;
    if (!matchesText(v)) return;
    const tbody = $("rows");
    const tr = buildRow(v);
    tr.classList.add("new");
    tbody.insertBefore(tr, tbody.firstChild);
    state.rows.unshift(v);
    if (state.sel >= 0) state.sel++;
    while (state.rows.length > MAX_ROWS) {
      const old = state.rows.pop();
      old._tr.remove();
    }
    $("empty").hidden = true;
  }

  async function getJSON(url) {
    const r = await fetch(url, { headers: { Accept: "application/json" } });
    if (!r.ok) throw new Error(url + ": " + r.status);
    return r.json();
  }

  async function reload() {
    const p = query({ order: "desc", limit: "500" });
    if (state.q) p.set("q", state.q);
    let list = [];
    try { list = await getJSON("/api/events?" + p); } catch (e) { setStatus("down", "API error"); }
    const tbody = $("rows");
    tbody.replaceChildren();
    state.rows = [];
    state.sel = -1;
    for (const v of list) { tbody.appendChild(buildRow(v)); state.rows.push(v); }
    state.lastId = list.length ? list[0].id : state.lastId;
    $("empty").hidden = list.length > 0;
    connect();
  }

  function setStatus(cls, text) { const s = $("status"); s.className = "status " + cls; s.textContent = text; }

  function connect() {
    if (state.es) state.es.close();
    const p = query({ after: String(state.lastId) });
    const es = new EventSource("/api/stream?" + p);
    state.es = es;
    es.onopen = () => setStatus("live", "live");
    es.onerror = () => setStatus("down", "reconnecting");
    es.addEventListener("event", (m) => { try { addLive(JSON.parse(m.data)); } catch (e) { /* ignore a bad message */ } });
    es.addEventListener("lag", () => reload());
  }

  async function loadSessions() {
    let list = [];
    try { list = await getJSON("/api/sessions"); } catch (e) { return; }
    const ul = $("session-list");
    ul.replaceChildren();
    const all = el("li", state.session === "" ? "on" : "", "All sessions");
    all.addEventListener("click", () => pickSession(""));
    ul.appendChild(all);
    for (const s of list) {
      const li = el("li", s.id === state.session ? "on" : "");
      li.appendChild(el("span", "", s.label || s.id)).title = s.id;
      const small = el("small", "", s.events + " events · " + s.shells + " shells ");
      if (s.failing) small.appendChild(el("span", "bad", s.failing + " failing"));
      li.appendChild(small);
      li.addEventListener("click", () => pickSession(s.id));
      ul.appendChild(li);
    }
  }
  function pickSession(id) { state.session = id; state.lastId = 0; loadSessions(); reload(); }

  function select(i) {
    if (!state.rows.length) return;
    i = Math.max(0, Math.min(state.rows.length - 1, i));
    if (state.sel >= 0 && state.rows[state.sel]) state.rows[state.sel]._tr.classList.remove("sel");
    state.sel = i;
    const tr = state.rows[i]._tr;
    tr.classList.add("sel");
    tr.scrollIntoView({ block: "nearest" });
    if (!$("detail").hidden) openDetail();
  }

  function dlRow(dl, k, v) {
    if (v === undefined || v === null || v === "") return;
    dl.appendChild(el("dt", "", k));
    dl.appendChild(el("dd", "", v));
  }

  async function shellInfo(session, shellId) {
    if (!state.shells[session]) {
      try {
        const tree = await getJSON("/api/sessions/" + encodeURIComponent(session) + "/shells");
        const flat = {};
        const walk = (n, depth) => { flat[n.id] = { node: n, depth }; (n.children || []).forEach((c) => walk(c, depth + 1)); };
        tree.forEach((n) => walk(n, 0));
        state.shells[session] = flat;
      } catch (e) { return null; }
    }
    return state.shells[session][shellId] || null;
  }

  async function drawPipeline(box, v, ev) {
    const pid = ev.pipeline ? ev.pipeline.id : ev.pipelineId;
    if (pid === undefined) return;
    const p = new URLSearchParams({ shell: v.shellId, kind: "exec,start,pipe", after: String(Math.max(0, v.id - 400)), limit: "800" });
    let list = [];
    try { list = await getJSON("/api/events?" + p); } catch (e) { return; }
    const stages = {}, links = {};
    let len = ev.pipeline ? ev.pipeline.len : 0;
    for (const x of list) {
      const e = x.event;
      if ((e.kind === "exec" || e.kind === "start") && e.pipeline && e.pipeline.id === pid) {
        if (!stages[e.pipeline.index] || e.kind === "exec") stages[e.pipeline.index] = e;
        len = Math.max(len, e.pipeline.len);
      } else if (e.kind === "pipe" && e.pipelineId === pid) {
        links[e.fromIndex] = e;
        len = Math.max(len, e.toIndex + 1);
      }
    }
    if (len < 2) return;
    box.appendChild(el("h2", "", "Pipeline " + pid));
    const row = el("div", "pipeline");
    for (let i = 0; i < len; i++) {
      const s = stages[i];
      const st = el("div", "stage", s ? (s.argv || []).join(" ") : "stage " + i);
      if (s && s.exitCode) st.classList.add("bad");
      if ((ev.pipeline && ev.pipeline.index === i) || (ev.kind === "pipe" && (ev.fromIndex === i || ev.toIndex === i))) st.classList.add("cur");
      st.title = s ? (s.argv || []).join(" ") + (s.exitCode !== undefined ? "  [exit " + s.exitCode + "]" : "") : "";
      row.appendChild(st);
      if (i < len - 1) {
        const l = links[i];
        const lk = el("div", "link", "→");
        lk.appendChild(el("b", "", l ? fmtBytes(l.bytes) + (l.truncated ? "+" : "") : "?"));
        row.appendChild(lk);
      }
    }
    box.appendChild(row);
  }

  async function openDetail() {
    const v = state.rows[state.sel];
    if (!v) return;
    const aside = $("detail");
    aside.hidden = false;
    document.body.classList.add("detail-open");
    state.detailId = v.id;
    let full;
    try { full = await getJSON("/api/events/" + v.id); } catch (e) { return; }
    if (state.detailId !== v.id) return;
    const ev = full.event || {};
    $("detail-title").textContent = ev.kind + " #" + full.seq;
    const body = $("detail-body");
    body.replaceChildren();
    if (isWarn(ev)) body.appendChild(el("div", "warnbox", summary(ev)));
    const dl = el("dl");
    dl.appendChild(el("dt", "", "session")); dl.appendChild(el("dd", "", full.sessionId));
    dl.appendChild(el("dt", "", "shell")); dl.appendChild(el("dd", "", full.shellId));
    dlRow(dl, "seq", full.seq);
    dlRow(dl, "chain", full.chain);
    dlRow(dl, "time", new Date(full.ts).toISOString());
    if (ev.argv) dlRow(dl, "argv", JSON.stringify(ev.argv));
    dlRow(dl, "resolved", ev.resolvedPath);
    if (ev.builtin !== undefined) dlRow(dl, "builtin", String(ev.builtin));
    dlRow(dl, "cwd", ev.cwd);
    dlRow(dl, "pid", ev.pid);
    if (ev.exitCode !== undefined) dlRow(dl, "exit", ev.exitCode);
    dlRow(dl, "duration", fmtDur(ev.durationMs));
    if (ev.nesting) dlRow(dl, "nesting", "depth " + ev.nesting.depth + " · " + ev.nesting.kind);
    dlRow(dl, "cmdSeq", ev.cmdSeq);
    if (ev.kind === "redirect" || ev.kind === "cd" || ev.kind === "export") dlRow(dl, "what", summary(ev));
    dlRow(dl, "mode", ev.mode);
    if (ev.bytes !== undefined) dlRow(dl, "bytes", ev.bytes + (ev.truncated ? " (preview truncated)" : ""));
    body.appendChild(dl);

    const sh = await shellInfo(full.sessionId, full.shellId);
    if (sh) {
      const d2 = el("dl");
      dlRow(d2, "shell depth", sh.depth);
      dlRow(d2, "parent shell", sh.node.parentId || "(none)");
      dlRow(d2, "call", sh.node.callId);
      dlRow(d2, "children", (sh.node.children || []).map((c) => c.id.slice(0, 8)).join(" "));
      body.appendChild(el("h2", "", "Shell"));
      body.appendChild(d2);
    }
    await drawPipeline(body, full, ev);

    if (ev.previewB64 !== undefined || ev.input) {
      const bytes = ev.previewB64 ? b64bytes(ev.previewB64) : new TextEncoder().encode(ev.input);
      const text = ev.binary ? null : decodeText(bytes);
      const h = el("h2", "", "Preview (" + bytes.length + " B" + (text === null ? ", hex" : "") + ")");
      if (ev.truncated) h.appendChild(el("span", "badge", "truncated"));
      body.appendChild(h);
      const pre = el("pre", "preview");
      pre.id = "preview";
      pre.textContent = text === null ? hexdump(bytes) : text;
      body.appendChild(pre);
    }
    body.appendChild(el("h2", "", "Hashes"));
    const hd = el("dl", "hash");
    dlRow(hd, "content", ev.blake3);
    dlRow(hd, "chain", full.hash);
    dlRow(hd, "previous", full.prevHash);
    body.appendChild(hd);
    body.appendChild(el("h2", "", "JSON"));
    body.appendChild(el("pre", "", JSON.stringify(ev, null, 2)));
  }
  function closeDetail() { $("detail").hidden = true; document.body.classList.remove("detail-open"); state.detailId = 0; }

  function setupFilters() {
    const box = $("kinds");
    for (const k of KINDS) {
      const b = el("button", "chip", GLYPH[k] && GLYPH[k] !== k ? GLYPH[k] + " " + k : k);
      b.type = "button";
      b.dataset.kind = k;
      b.addEventListener("click", () => {
        if (state.kinds.has(k)) state.kinds.delete(k); else state.kinds.add(k);
        b.classList.toggle("on", state.kinds.has(k));
        state.lastId = 0;
        reload();
      });
      box.appendChild(b);
    }
    $("failing").addEventListener("change", (e) => { state.failing = e.target.checked; state.lastId = 0; reload(); });
    let t = 0;
    $("search").addEventListener("input", (e) => {
      clearTimeout(t);
      t = setTimeout(() => { state.q = e.target.value.trim(); state.lastId = 0; reload(); }, 250);
    });
    $("detail-close").addEventListener("click", closeDetail);
  }

  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT") {
      if (e.key === "Escape") e.target.blur();
      return;
    }
    if (e.key === "j") select(state.sel + 1);
    else if (e.key === "k") select(state.sel - 1);
    else if (e.key === "Enter") openDetail();
    else if (e.key === "Escape") closeDetail();
    else if (e.key === "/") { e.preventDefault(); $("search").focus(); }
    else return;
    e.preventDefault();
  });

  setupFilters();
  loadSessions();
  setInterval(loadSessions, 5000);
  reload();
})();
