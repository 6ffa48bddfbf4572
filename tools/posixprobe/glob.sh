#### glob basic
touch a b .h ab; echo *; echo .*; echo ?; echo [ab]; echo .[!.]*
#### glob no match
echo *.x [z] 'a*'
#### glob dirs
mkdir -p d1/s d2; touch d1/f; echo */; echo */*; echo d?/s
#### glob quoted
touch 'a*' ab; echo a\*; echo "a"*; echo 'a'?
#### glob bracket specials
touch ']' '-' '!' a '^'; echo []]; echo [!]]; echo [a-]; echo [\!]; echo [^a]
#### glob classes
touch A b 1 _; echo [[:upper:]] [[:digit:]] [[:alpha:][:digit:]] [![:alnum:]]
#### glob slash in bracket
mkdir d; touch d/f; echo d[/]f; echo d/[f]
#### glob unmatched bracket
touch '[a' a; echo [a; echo [a*
#### glob noglob
touch a; set -f; echo *; set +f; echo *
#### glob in var
touch ab ac; x='a*'; echo $x; echo "$x"
#### glob backslash in var
touch 'a*' ab; x='a\*'; echo $x
#### glob dot
touch .a; echo *a; echo [.]a; echo ?a
#### glob sorted
touch B a C b; echo *
#### fnmatch case
case abc in *b*) echo 1;; esac; case '[x' in \[*) echo 2;; esac; case 'a]' in *]) echo 3;; esac
#### fnmatch class in case
case 5 in [[:digit:]]) echo d;; esac; case x in [[:foo:]]) echo bad;; *) echo nomatch;; esac
#### fnmatch equivalence
case a in [[=a=]]) echo eq;; esac; case a in [[.a.]]) echo coll;; esac
#### fnmatch backslash in bracket
case '\' in [\\]) echo bs;; esac; case ']' in [\]]) echo br;; esac
#### fnmatch range reverse
case b in [c-a]) echo rev;; *) echo none;; esac
#### fnmatch quoted in bracket
case '!' in ["!"a]) echo q;; esac
#### param pattern bracket
x='a]b'; echo ${x#*]}; x=abc; echo ${x#[!b]}
#### glob with unreadable dir
mkdir -p u/x; touch u/x/f; echo u/*/f
