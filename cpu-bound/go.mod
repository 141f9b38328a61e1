module example.com/loadgate-cpu-bound

go 1.22
