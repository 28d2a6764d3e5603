" Vim syntax file
" Language:    schedcc schedule language (*.sched)
" Description: docs/schedule-language.md of schedcc; install with
"              editors/vim/README.md.
if exists("b:current_syntax")
  finish
endif

" Comments: '//' or '#' to the end of the line ('#' right after a handle
" and before a digit is a result index: %t#2, see schedHandle).
syn keyword schedTodo contained TODO FIXME XXX NOTE
syn match schedComment "//.*$" contains=schedTodo,@Spell
syn match schedComment "#.*$" contains=schedTodo,@Spell

" Top-level forms and the keywords of op signatures.
syn keyword schedKeyword named_sequence include import
syn keyword schedOperator in into tile_sizes div_by

" Ops: loop.tile, match.loop, param.constant, ...
syn match schedOp "\<\(loop\|match\|param\)\.[A-Za-z_][A-Za-z0-9_]*\>"

" @sequence names, %handles (%t#2 a result, %t:2 a declared count).
syn match schedSymbol "@[A-Za-z_][A-Za-z0-9_]*"
syn match schedHandle "%[A-Za-z_0-9][A-Za-z0-9_]*\(#[0-9]\+\)\?\(:[0-9]\+\)\?"

" Attributes: {factor = 4, isa = "avx512", contract}: a key before '='.
syn match schedAttr "\<[A-Za-z_][A-Za-z0-9_]*\>\ze\s*="

syn region schedString start=+"+ skip=+\\\\\|\\"+ end=+"+ oneline
syn match schedNumber "\<-\?[0-9]\+\>"

hi def link schedComment  Comment
hi def link schedTodo     Todo
hi def link schedKeyword  Keyword
hi def link schedOperator Operator
hi def link schedOp       Function
hi def link schedSymbol   Identifier
hi def link schedHandle   Identifier
hi def link schedAttr     Type
hi def link schedString   String
hi def link schedNumber   Number

let b:current_syntax = "sched"
