#### arith basic
echo $((1+2*3)) $(( (1+2)*3 )) $((7/2)) $((7%3)) $((-7/2)) $((-7%3))
#### arith bases
echo $((010)) $((0x1F)) $((0X1f)) $((08)) 2>&1
#### arith variables
x=3 y='x+1'; echo $((x*2)) $((y*2)) $(($x+1)) $((z+1))
#### arith assign
x=1; echo $((x+=2)) $x $((x-=1)) $((x*=3)) $((x/=2)) $((x%=2)) $((x<<=3)) $((x>>=1)) $((x&=6)) $((x|=1)) $((x^=7))
#### arith comparisons
echo $((1<2)) $((2<=1)) $((1==1)) $((1!=1)) $((3>2)) $((3>=4)) $((!0)) $((~0)) $((!5))
#### arith logical
echo $((1&&0)) $((0||2)) $((x=0 && (y=1))) $y
#### arith ternary
echo $((1?2:3)) $((0?2:3)) $((1?0?4:5:6))
#### arith div by zero
echo $((1/0)); echo after
#### arith div by zero in subshell
(echo $((1/0))); echo after $?
#### arith syntax error
echo $((1+)); echo after
#### arith invalid var
x=abc; echo $((x+1))
x='1 +'; echo $((x)); echo after
#### arith unary
echo $((-1)) $((+1)) $((- -1)) $((-(-2)))
#### arith spaces newlines
echo $((
1
+
2
))
#### arith shifts bits
echo $((1<<4)) $((256>>2)) $((5&3)) $((5|3)) $((5^3))
#### arith overflow wrap
echo $((9223372036854775807+1))
#### arith increment
x=1; echo $((x++)) $x $((++x)) $((x--)) $((--x))
#### arith in assignment exits
x=$((1/0)) ; echo after
#### arith unset -u
set -u; echo $((nosuch+1)); echo after
#### arith param in quotes
x=2; echo "$((x*x))" "$(("x"+1))"
#### arith negative modulo
echo $((-9223372036854775807-1)) $(( (-9223372036854775807-1) / -1 ))
