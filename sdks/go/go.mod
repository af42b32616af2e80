module github.com/sluice-dev/sluice-go

go 1.19
