package main
import ("os";"mvdan.cc/sh/v3/syntax")
func main(){ f,err:=syntax.NewParser().Parse(os.Stdin,""); if err!=nil{println(err.Error());return}
syntax.DebugPrint(os.Stdout, f.Stmts[0].Cmd)}
