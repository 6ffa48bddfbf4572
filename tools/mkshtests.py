#!/usr/bin/env python3
"""mkshtests.py: run the tests of mksh's check.t (from `apt-get source mksh`, or
MKSH_SRC=DIR) under the real bash and under nash, each test's stdin script
with its arguments, files and environment, and print where the two differ
(stdout, stderr with the shell's path masked, exit status). The expected
outputs in check.t are mksh's and are ignored: bash is the oracle. A
development tool for finding divergences, not part of CI.

    python3 tools/mkshtests.py NASH [name-regexp]
"""
import os, re, subprocess, sys, tempfile, shutil, concurrent.futures as cf
CHECK = os.path.join(os.environ.get("MKSH_SRC", "/tmp/mksrc/mksh-59c"), "check.t")
if len(sys.argv) < 2:
    sys.exit("usage: mkshtests.py NASH [name-regexp]")
NASH = os.path.abspath(sys.argv[1])
only = sys.argv[2] if len(sys.argv) > 2 else None

def parse():
    tests, cur, key = [], None, None
    for line in open(CHECK, encoding="latin-1"):
        line = line.rstrip("\n")
        if line == "---":
            if cur: tests.append(cur)
            cur, key = None, None; continue
        m = re.match(r"^([a-z-]+):\s?(.*)$", line)
        if m and not line.startswith("\t"):
            if cur is None: cur = {}
            key = m.group(1); cur[key] = m.group(2) + ("\n" if m.group(2) else "")
            continue
        if cur is not None and key and line.startswith("\t"):
            cur[key] += line[1:] + "\n"
        elif cur is not None and key and line == "":
            cur[key] += "\n"
    return tests

def run(sh, t, d):
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": d}
    es = t.get("env-setup", "").strip()
    if es:
        sep = es[0]
        for kv in es.strip(sep).split(sep):
            if "=" in kv:
                k, v = kv.split("=", 1); env[k] = v
    args = []
    a = t.get("arguments", "").strip()
    if a:
        sep = a[0]; args = [x for x in a.strip(sep).split(sep)]
    # file-setup: "file 644 "name"" then content until next directive
    fs = t.get("file-setup", "")
    cwd = os.path.join(d, "w"); os.makedirs(cwd)
    if fs:
        cur = None
        for line in fs.split("\n"):
            m = re.match(r'^(file|dir|symlink) (\d+) "([^"]*)"$', line)
            if m:
                kind, mode, name = m.groups(); p = os.path.join(cwd, name)
                if kind == "dir": os.makedirs(p, exist_ok=True); cur = None
                else:
                    os.makedirs(os.path.dirname(p), exist_ok=True)
                    cur = open(p, "w"); os.chmod(p, int(mode, 8))
                continue
            if cur: cur.write(line + "\n")
        if cur: cur.close()
    inp = t.get("stdin", "")
    try:
        p = subprocess.run([sh] + args, input=inp.encode("latin-1"), capture_output=True, env=env, cwd=cwd, timeout=10)
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        out, err, rc = b"", b"TIMEOUT", -999
    err = err.replace(sh.encode(), b"SH")
    return out, err, rc

def one(t):
    if "need-ctty" in t or "need-pass" in t: return None
    res = []
    for sh in ("/usr/bin/bash", NASH):
        d = tempfile.mkdtemp(prefix="mk")
        try: res.append(run(sh, t, d))
        finally: shutil.rmtree(d, ignore_errors=True)
    if res[0] != res[1]:
        return (t["name"].strip(), res)
    return "ok"

tests = [t for t in parse() if t.get("name") and (not only or re.search(only, t["name"]))]
bad = []; ok = 0
with cf.ThreadPoolExecutor(2) as ex:
    for r in ex.map(one, tests):
        if r == "ok": ok += 1
        elif r: bad.append(r)
for name, (b, n) in bad:
    print("=== " + name)
    for lab, x, y in (("out", b[0], n[0]), ("err", b[1], n[1]), ("rc", b[2], n[2])):
        if x != y: print(" %s bash: %r\n %s nash: %r" % (lab, x[:600] if isinstance(x, bytes) else x, lab, y[:600] if isinstance(y, bytes) else y))
print("ok %d differ %d" % (ok, len(bad)))
