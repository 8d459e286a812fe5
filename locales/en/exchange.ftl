# Contact-exchange mode (G3c.3): an encounter asked of the clubs, the reply, the receipt.
exchange-subject = [Il Giglio] Encounter at { $node } ({ $phase }): your choice
exchange-hand = During { $phase } your piece { $piece }, coming from { THE($from) }, entered { $node }, where forces of { THE($other) } stand{ $garrison ->
        [yes] {" "}(with their garrison)
       *[no] {""}
    }.
exchange-other = During { $phase } forces of { THE($other) } entered { $node }, where your { $pieces } stand{ $garrison ->
        [yes] {" "}with your garrison
       *[no] {""}
    }.
exchange-spy = Your spy puts their strength at { $ducats } ducats.
exchange-options = Choose in secret (Table 34, G3c.1): { $options }. The other side chooses at the same time and both choices are revealed together.
exchange-standing = If you do not answer by { $deadline }, your standing order holds: { $standing }.
exchange-standing-no-deadline = If you do not answer before the referee closes the encounter, your standing order holds: { $standing }.
exchange-how = Answer with the attached file { $file } (write your choice and your secret), as a .toml attachment or in the text of the mail. You may change your choice until the round goes on.
exchange-choice = "{ $choice }" ({ $meaning })
exchange-file-head = # Encounter { $id } at { $node }: the choice below is your standing order; replace it with one of: { $options }. Type your secret between the two quotes on the secret line below (the line that is not a comment).
exchange-receipt-taken = encounter { $id }: your choice "{ $choice }" is recorded; the round goes on when the referee resolves it
exchange-refused-not-waiting = encounter { $id }: the round is not stopped at this encounter (already settled, or the id is wrong)
exchange-refused-not-asked = encounter { $id }: your nation is not asked to choose in this encounter
exchange-refused-option = encounter { $id }: "{ $choice }" is not one of your choices ({ $options })
exchange-round-begun = { $phase } has begun (it is stopped at an encounter): orders can no longer change; the file was not taken as orders
desk-undo-encounter-subject = [{ $campaign }] correction: the question about encounter { $id } ({ $phase }) is withdrawn
desk-undo-encounter-text =
    The referee has withdrawn the question about encounter { $id } during { $phase }: do not answer that mail any more.
    The round starts again from its opening when the referee resolves it again.

exchange-deadline-subject = [{ $campaign }] new deadline: your choice for encounter { $id } ({ $phase })
exchange-deadline-outage-text =
    The referee's service was stopped for { $span } while your choice for encounter { $id } ({ $phase }) was due, so its deadline has moved on by that time.
    Your choice is now due: { $due }.
exchange-deadline-resume-text =
    The referee held the campaign's clock for { $span }: the deadline of your choice for encounter { $id } ({ $phase }) has moved on by that time.
    Your choice is now due: { $due }.
