g() { echo "--- $*"; "$@" 2>&1 | sed "s#$PWD#W#g"; echo "rc=${PIPESTATUS[0]}"; }
mkdir -p tree src/hello-1.0
cat > src/hello-1.0/dkms.conf <<'C'
PACKAGE_NAME="hello"
PACKAGE_VERSION="1.0"
BUILT_MODULE_NAME[0]="hello"
DEST_MODULE_LOCATION[0]="/extra"
MAKE[0]="make -C ${kernel_source_dir} M=${dkms_tree}/${PACKAGE_NAME}/${PACKAGE_VERSION}/build"
AUTOINSTALL="yes"
C
echo 'obj-m := hello.o' > src/hello-1.0/Makefile
D="bash /usr/sbin/dkms --dkmstree $PWD/tree --sourcetree $PWD/src -k 6.1.0-test"
g bash /usr/sbin/dkms --version; g bash /usr/sbin/dkms --help; g bash /usr/sbin/dkms bogus; g bash /usr/sbin/dkms status --dkmstree $PWD/tree
g $D add -m hello -v 1.0; g $D status; g $D status -m hello
g $D add -m hello -v 1.0
g $D build -m hello -v 1.0
g $D remove -m hello -v 1.0 --all
g $D status; g $D add -m nosuch -v 9
find tree | sort
