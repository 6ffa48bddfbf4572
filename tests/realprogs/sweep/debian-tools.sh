# each program runs only where it is installed (the list is what one
# Debian machine had): a missing one prints the same line under both shells
g() { local a; for a; do case $a in /usr/*) [ -e "$a" ] || { echo "absent $a"; return; };; esac; done
  echo "--- $*"; "$@"; echo "rc=$?"; }
g sh /usr/bin/dpkg-maintscript-helper supports rm_conffile; g sh /usr/bin/dpkg-maintscript-helper --help | head -20; g sh /usr/bin/dpkg-maintscript-helper nosuch; g sh /usr/bin/dpkg-maintscript-helper rm_conffile
DPKG_MAINTSCRIPT_PACKAGE=foo DPKG_MAINTSCRIPT_NAME=postinst g sh /usr/bin/dpkg-maintscript-helper rm_conffile /etc/nonexist 1.0 -- configure 0.9
DPKG_MAINTSCRIPT_PACKAGE=foo DPKG_MAINTSCRIPT_NAME=preinst g sh /usr/bin/dpkg-maintscript-helper symlink_to_dir /x /y 1.0 -- install
g sh /usr/bin/dpkg-realpath /usr/bin/../bin/ls; g sh /usr/bin/dpkg-realpath --help | head -5; g sh /usr/bin/dpkg-realpath
g sh /usr/bin/ucf --help 2>&1 | head; g sh /usr/bin/ucfr --help 2>&1 | head -5
for c in ncurses6-config ncursesw6-config xml2-config xslt-config libpng-config gpgrt-config libgcrypt-config nspr-config nss-config xmlsec1-config pg_config python3-config; do
  [ -x /usr/bin/$c ] || continue
  g sh /usr/bin/$c --help 2>&1 | head -8; g sh /usr/bin/$c --cflags; g sh /usr/bin/$c --libs; g sh /usr/bin/$c --version; g sh /usr/bin/$c --prefix
done
g bash /usr/bin/python3-config --includes --ldflags --embed
g sh /usr/bin/gpgrt-config --libdir=/usr/lib/x86_64-linux-gnu --modversion gpg-error; g sh /usr/bin/gpgrt-config --libdir=/usr/lib/x86_64-linux-gnu --cflags --libs gpg-error
printf 'int main(void){return 0;}\n' > t.c; g sh /usr/bin/c99 -E t.c | tail -2; g sh /usr/bin/c89 -o t t.c; ./t; echo $?; g sh /usr/bin/c99 -x; g sh /usr/bin/c89 -std=c99 t.c
g sh /usr/bin/lsb_release -a; g sh /usr/bin/lsb_release -s -c; g sh /usr/bin/lsb_release -h
g sh /usr/bin/which -a ls gzip
EDITOR=cat g sh /usr/bin/sensible-editor t.c
PAGER=cat g sh /usr/bin/sensible-pager t.c
g sh /usr/bin/select-editor </dev/null 2>&1 | head -5
g bash /usr/bin/bashbug --version; g bash /usr/bin/bashbug --help
g sh /usr/bin/autoconf --version | head -2; g sh /usr/bin/autoconf --help | head -5; g sh /usr/bin/autoconf --bogus
g sh /usr/bin/libtoolize --version | head -1; g sh /usr/bin/libtoolize --help | head -5; g sh /usr/bin/libtoolize -n --copy
g sh /usr/bin/gettextize --help | head -5; g sh /usr/bin/gettextize --version | head -1
g sh /usr/bin/kernel-install --help | head -5; g sh /usr/bin/kernel-install bogus
g bash /usr/bin/memusage --help | head -5; g bash /usr/bin/memusage --version | head -1; g bash /usr/bin/memusage --bad
g bash /usr/bin/sotruss --help | head -5; g bash /usr/bin/sotruss --version | head -1
g sh /usr/bin/arch-test; g sh /usr/bin/arch-test -h; g sh /usr/bin/arch-test amd64 i386 nosuch
g sh /usr/bin/ssh-copy-id -h 2>&1 | head -5; g sh /usr/bin/ssh-copy-id -i nokey -n x@y 2>&1 | head -5
g sh /usr/sbin/tarcat; 
g sh /usr/sbin/debootstrap --help | head -10; g sh /usr/sbin/debootstrap --version
g sh /usr/sbin/invoke-rc.d --help 2>&1 | head -5; g sh /usr/sbin/service --help; g sh /usr/sbin/service --version; g sh /usr/sbin/service nosuch status
g sh /usr/sbin/e2scrub -h 2>&1 | head -5; g sh /usr/sbin/e2scrub_all -h 2>&1 | head -5; g bash /usr/sbin/blkdeactivate -h | head -5
g sh /usr/bin/apt-key --help 2>&1 | head -5; g sh /usr/bin/apt-key list 2>&1 | head -5
g sh /usr/bin/cscope-indexer -h 2>&1 | head -5
g sh /usr/bin/tzselect --help | head -5; printf '2\n10\n1\n1\n' | TZ=UTC g bash /usr/bin/tzselect 2>&1 | head -40
g sh /usr/bin/gcore -h 2>&1 | head -3; g sh /usr/bin/gdb-add-index -h 2>&1 | head -3
g sh /usr/bin/heaptrack --help 2>&1 | head -5
g sh /usr/bin/strace-log-merge --help 2>&1 | head -3
g sh /usr/sbin/shadowconfig 2>&1 | head -3
g sh /usr/sbin/update-icon-caches 2>&1 | head -3
g sh /usr/sbin/make-ssl-cert 2>&1 | head -3
g bash /usr/sbin/pam_namespace_helper 2>&1 | head -3
g sh /usr/bin/red --version 2>&1 | head -2
g sh /usr/bin/nroff --version 2>&1 | head -2; printf '.TH X 1\n.SH NAME\nx \\- y\n' | g sh /usr/bin/nroff -man 2>&1 | head
g sh /usr/bin/neqn --version 2>&1 | head -2
g sh /usr/bin/gpg-zip --help 2>&1 | head -3
