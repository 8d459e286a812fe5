# Order-file diagnostics: what a club reads when its file has a problem.

## Kinds of problem (named without quoting the file, for a sender not yet authenticated)
toml-kind-syntax = a TOML syntax error
toml-kind-unknown-key = a key that order files do not have
toml-kind-type = a value of the wrong type
toml-kind-missing = a required key missing
toml-kind-duplicate = a key written twice
toml-kind-encoding = bytes that are not UTF-8 text
toml-kind-value = a value that is not valid

## TOML errors, explained
toml-syntax = this line does not read as TOML: check its quotes ("…"), its `=` and its brackets
toml-unknown-key = there is no key `{ $key }` here
toml-type = `{ $key }` should be { $expected }, but the file has { $found } here
toml-type-table-list = `{ $key }` is a list of orders: write each one under `[[{ $key }]]` (two brackets), not `[{ $key }]`
toml-missing = `{ $key }` is missing here
toml-duplicate = this key is written twice
toml-other = this value does not read
toml-what-table = a table
toml-what-list = a list
toml-what-text = text in quotes
toml-what-number = a whole number
toml-what-decimal = a decimal number
toml-what-bool = true or false
toml-what-date = a date
toml-what-other = something else

## Suggestions
did-you-mean = did you mean `{ $suggestion }`?
node-by-name = `{ $name }` is the name of { $code }: orders name nodes by their code, `{ $code }`
keys-of-phase = the keys of a file for { $phase }: { $keys }
keys-here = the keys of this table: { $keys }
order-of-phase = `{ $key }` is { $when }; this file is for { $phase }
when-spring = a spring order
when-summer = a summer round order
when-none = not an order of this phase
