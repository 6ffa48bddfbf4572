#### alias define use
alias a='echo ok'
a
#### alias trailing blank
alias e='echo ' w='world'
e w
#### alias print
alias x='echo "a b"' y=z
alias x y
alias
#### alias nonexistent
alias nosuch; echo $?
#### unalias
alias q=echo
unalias q; echo $?
unalias q; echo $?
#### unalias -a
alias q=echo r=echo
unalias -a; alias; echo $?
#### alias in function def
alias fn='f()'
fn { echo in f; }
f
#### alias recursive
alias ls='ls -d' echo='echo x'
echo a
#### alias with keyword
alias begin='{' end='}'
begin echo grouped; end
#### alias quoting output
alias s="it's"
alias s
