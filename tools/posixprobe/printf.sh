#### printf basic
printf '%s|%d|%x|%o|%c|%%\n' str 42 255 8 char
#### printf reuse
printf '%s-%s\n' a b c
#### printf missing
printf '%s|%d|%c|\n'
#### printf char const
printf '%d %d\n' "'A" '"b'
#### printf width precision
printf '[%5s][%-5s][%.2s][%5.1s][%05d][%-4d][%+d][% d]\n' ab ab abc abc 42 7 3 4
#### printf %b
printf '%b\n' 'a\tb' 'c\0101' 'd\101' 'e\cfoo' 'g'
#### printf escapes in format
printf 'a\101\tb\\\n'; printf '\x41\n'; printf '\e' | od -c | head -1
#### printf invalid number
printf '%d\n' abc; echo $?; printf '%d\n' 12abc; echo $?
#### printf hex octal input
printf '%d %d %d\n' 0x10 010 -0x1
#### printf %i %u %X %e %f %g
printf '%i %u %X %e %f %g\n' 3 4 255 1.5 2.25 0.0001
#### printf no format
printf; echo $?
#### printf -- 
printf -- '%s\n' x
#### printf star width
printf '[%*d][%.*s]\n' 5 3 2 abcd
#### printf bad conversion
printf '%z\n' x; echo $?
#### printf overflow
printf '%d\n' 99999999999999999999; echo $?
#### printf %c empty
printf '[%c]\n' ''
#### printf %b octal forms
printf '%b|' '\0' '\00101' '\1' '\18'; echo
