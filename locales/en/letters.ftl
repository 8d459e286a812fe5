# Letters between clubs (G5.3): what a club reads about the letters it writes, and the
# letters it receives. The text of a letter is the writer's own (it authenticated).

## A letter that cannot go, located in the file
letter-no-addressee = this letter names no addressee: write to = ["M"] with one or more nation codes
letter-empty = this letter has no text
letter-off = this campaign carries no letters between clubs
letter-no-club = no club plays { THE($nation) }: a letter to it has nobody to read it
letter-oneself = a letter to your own nation: write to another club
letter-out-of-contact = { THE($nation, cap: "yes") } { VERB($nation, "is", "are") } not in contact with your pieces: in this campaign letters go only to clubs whose pieces stand in the same node as yours or next to it by road
letter-anonymous = this campaign does not allow unsigned letters: remove anonymous = true
letter-winter = this campaign carries no letters in winter
letter-too-long = this letter is longer than { $max } characters, the campaign's limit
letter-too-many = your club has sent { $max } letters in this phase, the campaign's limit: this one does not go

## A letter as its addressees read it
letter-from = A letter from { THE($nation) }
letter-unsigned = A letter from an unnamed sender
letter-head = { $from }, to { THE($to) }, written in { $phase }:
letter-intercepted-head = Your spy intercepted a courier on the road and copied its letter: { $from }, to { THE($to) }, written in { $phase }. The courier went on, none the wiser:
letter-intercepted-subject = intercepted: { $from }
letter-subject-copy = copy of a letter: { $from } to { THE($to) }
letter-copy-head = A copy of the letter { $id } for the referee's record: from { THE($from) }{ $anonymous ->
    [yes] {" "}(unsigned: its addressees are not told who wrote it)
   *[no] {""}
} to { THE($to) }, written in { $phase }:

## The writer's receipt
receipt-letters = Letters:
receipt-letter-goes = letter to { THE($to) }: it goes with the next mail{ $anonymous ->
    [yes] , unsigned
   *[no] {""}
}
receipt-letter-courier = letter to { THE($to) }: a courier carries it by road from your capital once this phase is resolved{ $anonymous ->
    [yes] , unsigned
   *[no] {""}
}
receipt-letter-again = letter to { THE($to) }: the same letter was already sent in this phase; it is not sent again
receipt-letters-only = This file carries no orders, only letters or a request for more time: { $sent ->
    [true] your orders for { $phase } stay those of the file you sent before.
   *[false] you have sent no orders for { $phase } yet; without them, your forces will do what they do without orders.
}
