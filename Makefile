.PHONY: test

test:
	swift test
