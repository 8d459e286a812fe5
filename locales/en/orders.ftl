# Order-file diagnostics: what a club reads when its file has a problem.

## Kinds of problem (named without quoting the file, for a sender not yet authenticated)
toml-kind-syntax = a TOML syntax error
toml-kind-unknown-key = a key that order files do not have
toml-kind-type = a value of the wrong type
toml-kind-missing = a required key missing
toml-kind-duplicate = a key written twice
toml-kind-encoding = bytes that are not UTF-8 text
toml-kind-value = a value that is not valid
toml-kind-number-too-large = a number too large

## TOML errors, explained
toml-syntax = this line does not read as TOML: check its quotes ("…"), its `=` and its brackets
toml-unclosed-array = this line opens a `[` it does not close, so the file cannot be read past it: close it with `]` on this line
toml-unclosed-brace = this line opens a `{"{"}` it does not close, so the file cannot be read past it: an inline table (`{"{"} … {"}"}`) must close with `{"}"}` on the same line
toml-unknown-key = there is no key `{ $key }` here
toml-type = `{ $key }` should be { $expected }, but the file has { $found } here
toml-type-table-list = `{ $key }` is a list of orders: write each one under `[[{ $key }]]` (two brackets), not `[{ $key }]`
toml-type-inline-list = `{ $key }` is a list of orders: write each one under its own `[[{ $key }]]` line (two brackets) with its keys on the lines below, not as `{ $key } = {"{"} … {"}"}`
toml-missing = `{ $key }` is missing here
toml-duplicate = this key is written twice
toml-duplicate-in-order = this key is written twice in the same order: if it begins another order, that order's [[…]] line is missing above it
toml-other = this value does not read
toml-number-too-large = the number of `{ $key }` is too large: a whole number here is at most { $max }
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
key-of-other-order = `{ $key }` is a key of { $tables }: is that order's line missing above it?
order-of-phase = `{ $key }` is { $when }; this file is for { $phase }
when-spring = a spring order
when-summer = a summer round order
when-none = not an order of this phase

# Problems of form in an order file (orders/lower.rs).
lower-what-node = node
lower-what-nation = nation
lower-what-army = an army
lower-what-fleet = a fleet
lower-what-diplomat = a diplomat
lower-what-piece = an army or a diplomat
lower-what-encounter = encounter
lower-what-battle = battle
lower-what-ruleset = ruleset
lower-what-kind = kind
lower-bad-code = { $what } `{ $code }` is not a valid code: codes are ASCII letters, digits and `-`
lower-unknown-node = unknown node `{ $code }`{ $hint }
lower-unknown-sea = unknown destination `{ $code }`: a fleet sails to a sea zone, written as the zone's letter code, or into a port, written as its node's code{ $hint ->
    [none] {""}
   *[other] . Did you mean {$hint}?
}
lower-unknown-nation = unknown nation `{ $code }`
lower-not-your-piece = `{ $piece }` belongs to { THE($nation) }, not to your club
lower-bad-piece = `{ $piece }` is not { $what }: it is written like { $example }{ $hint }
lower-value = the value { $value } must lie between { $min } and { $max } ducats
lower-choice = choice `{ $choice }` is not valid: one of { $list }
lower-toml = TOML error: { $why }
lower-too-many = { $count } orders; a file may have at most { $max }
lower-bad-phase = phase `{ $phase }` is not valid: write 1494-spring, 1494-r03 or 1494-winter
lower-bad-phase-italian = phase `{ $phase }` is not valid: write `{ $key }` (the key is in English, whatever the language of the file's name)
lower-other-phase = this file is for { $phase }, but the open phase is { $open }
lower-objective = unknown objective `{ $kind }`: one of { $list }
lower-conquer-target = `conquer_nation` needs `target`, the nation to conquer
lower-stray-target = only `conquer_nation` takes a `target`
lower-sapper-where = a sapper is attached to an army (`army`) or a node (`node`), not both
lower-diplomat-node = a diplomat is placed in a node (`node`)
lower-specialist = unknown specialist `{ $kind }`: sapper, diplomat, spy or assassin
lower-stray-specialist = spies and assassins serve the whole club: no `army` or `node`
lower-oob-empty = an order of battle has at least one unit (`[[order_of_battle.unit]]`)
lower-path-short = a path runs from where the piece stands to at least one more node
lower-no-road = no road joins { $from } and { THE($to) }: an army moves only along roads, from one node to the next
lower-assassin-target = an assassin's target: commander with `army` or `node`, sapper with `army` or `node`, diplomat with `diplomat`, spy with `nation`
lower-file-size = the file has { $size } bytes; an order file may have at most { $max }
lower-not-utf8 = the file is not valid UTF-8
lower-nul = the file contains a NUL character
lower-bidi = the file contains an invisible bidirectional control character ({ $code }): remove it
lower-extension-zero = an extension of 0 hours asks for nothing: write how many hours more you need (hours = 24)
