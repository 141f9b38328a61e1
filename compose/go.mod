module example.com/loadgate-example

go 1.22
