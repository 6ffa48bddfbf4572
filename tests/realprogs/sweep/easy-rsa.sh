g() { echo "--- $*"; "$@"; echo "rc=$?"; }
E=/usr/share/easy-rsa/easyrsa
m() { sed -e 's#pki/[0-9a-f]*/temp\.[0-9a-f]*#pki/TMP#' -e 's/until .* GMT/until DATE/' -e 's/[0-9A-F]\{2\}\(:[0-9A-F]\{2\}\)\{7,\}/FP/g' -e 's/20[0-9][0-9]-[0-9-]* [0-9:]*/DATE/g' -e 's/[0-9A-F]\{20,\}/SERIAL/g'; }
g sh $E help | head -30; g sh $E --version; g sh $E help build-ca; g sh $E nosuch
export EASYRSA_BATCH=1 EASYRSA_REQ_CN=TestCA EASYRSA_KEY_SIZE=1024 EASYRSA_ALGO=ec
g sh $E init-pki 2>&1 | m
g sh $E build-ca nopass 2>&1 | m
g sh $E gen-req server1 nopass 2>&1 | m
g sh $E sign-req server server1 2>&1 | m
g sh $E show-cert server1 2>&1 | grep -c . 
g sh $E show-req server1 2>&1 | grep -c .
g sh $E build-client-full client1 nopass 2>&1 | m
g sh $E revoke client1 2>&1 | m
g sh $E gen-crl 2>&1 | m
g sh $E sign-req bogus server1 2>&1 | m
g sh $E --days=10 build-server-full srv2 nopass 2>&1 | m
g sh $E show-ca 2>&1 | grep -c .
g sh $E upgrade pki 2>&1 | m | head
(cd pki && find . -type f | sort | sed 's/[0-9A-F]\{20,\}/SERIAL/')
