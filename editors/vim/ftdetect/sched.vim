" Vim filetype detection for schedcc schedules (*.sched).
au BufRead,BufNewFile *.sched setfiletype sched
