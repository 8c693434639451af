module example.com/MixedCase

go 1.22
