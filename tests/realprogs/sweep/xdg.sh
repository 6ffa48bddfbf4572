# xdg-utils (xdg-mime, xdg-settings, xdg-open, xdg-icon-resource,
# xdg-desktop-menu, xdg-email, xdg-screensaver) on a private XDG tree
export XDG_DATA_HOME=$PWD/share XDG_CONFIG_HOME=$PWD/config XDG_DATA_DIRS=$PWD/sys XDG_CONFIG_DIRS=$PWD/sysconf
unset DISPLAY WAYLAND_DISPLAY; export XDG_CURRENT_DESKTOP=X-Generic BROWSER=echo
mkdir -p sys/applications sys/mime/packages config share/applications
printf '[Desktop Entry]\nType=Application\nName=Viewer\nExec=echo viewer %%f\nMimeType=text/plain;image/png;\n' > sys/applications/viewer.desktop
printf '[Default Applications]\ntext/plain=viewer.desktop\n' > config/mimeapps.list
printf 'hello\n' > f.txt; printf '\x89PNG\r\n\x1a\n' > f.png
t() { echo "--- $*"; p=$1; shift; sh /usr/bin/$p "$@" 2>&1; echo "rc=$?"; }
t xdg-mime query filetype f.txt; t xdg-mime query default text/plain; t xdg-mime query default image/png
t xdg-mime default viewer.desktop image/png; cat config/mimeapps.list; t xdg-mime query default image/png
t xdg-mime --help | head -5; t xdg-mime --version; t xdg-mime bogus; t xdg-mime query; t xdg-mime manual | head -3
printf '<?xml version="1.0"?>\n<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n<mime-type type="application/x-nash">\n<comment>nash</comment>\n<glob pattern="*.nash"/>\n</mime-type>\n</mime-info>\n' > nash-mime.xml
t xdg-mime install --mode user --novendor nash-mime.xml; find share -type f | sort
t xdg-mime uninstall --mode user nash-mime.xml; find share -type f | sort
t xdg-settings --list; t xdg-settings get default-web-browser; t xdg-settings check default-web-browser viewer.desktop; t xdg-settings set default-url-scheme-handler irc viewer.desktop; t xdg-settings get default-url-scheme-handler irc; t xdg-settings bogus
t xdg-open; t xdg-open --help | head -5; t xdg-open --version; t xdg-open http://example.invalid/x; t xdg-open f.txt; t xdg-open nosuch.txt; t xdg-open a b
t xdg-email --help | head -3; t xdg-email --bogus
printf 'P1\n1 1\n0\n' > icon.png
t xdg-icon-resource install --mode user --size 48 icon.png myapp-icon; find share -type f | sort
t xdg-icon-resource uninstall --mode user --size 48 myapp-icon; find share -type f | sort
t xdg-icon-resource install --size x icon.png; t xdg-icon-resource
printf '[Desktop Entry]\nType=Application\nName=Mine\nExec=true\n' > vendor-mine.desktop
t xdg-desktop-menu install --mode user --noupdate vendor-mine.desktop; find share config -type f | sort
t xdg-desktop-menu uninstall --mode user --noupdate vendor-mine.desktop; find share config -type f | sort
t xdg-desktop-menu install mine.desktop; t xdg-desktop-icon install --novendor vendor-mine.desktop; ls Desktop 2>&1
t xdg-screensaver status; t xdg-screensaver bogus; t xdg-screensaver --version
