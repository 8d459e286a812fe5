# The rulebook: `giglio rules` and the glossary of rules at the end of a club's report.

rulebook-glossary = Rules cited in this report
rulebook-glossary-mail = Rules cited
rulebook-unknown = There is no rule { $id } in the rulebook.
rulebook-did-you-mean = Did you mean { $ids }?
rulebook-list-hint = `giglio rules ID` prints one rule; the whole rulebook is docs/rulebook.en.md.
