# The referee's desk (src/cli/): messages about the campaign's running, mailed to clubs.

desk-deadline-subject = [{ $campaign }] new deadline: orders for { $phase }
desk-deadline-text =
    The referee has moved the deadline for { $phase }.
    Orders are now due: { $due }.

desk-deadline-extension-text =
    A club asked for more time, and the campaign's rules grant it: the deadline of { $phase } moves on by { $span }.
    Orders are now due: { $due }.
desk-deadline-outage-text =
    The referee's service was stopped for { $span } while orders for { $phase } were due, so the deadline has moved on by that time.
    Orders are now due: { $due }.
desk-deadline-outage-missing-text =
    The referee's service was stopped for { $span } while orders for { $phase } were due, so the deadline has moved on by that time. Your orders for { $phase } have not arrived: send them before the new deadline (this notice stands for the reminder).
    Orders are now due: { $due }.
desk-hold-subject = [{ $campaign }] { $phase }: the clock is stopped
desk-hold-text =
    The referee has stopped the campaign's clock{ $reason ->
        [none] {""}
       *[other] {" "}(the referee's reason: { $reason })
    }. While it is stopped nothing is resolved and no reminder is sent; the orders you send are received as usual. When it runs again, the deadline for { $phase } moves on by the length of the stop, and you are told the new one (unless even so it has passed: the phase is then resolved at once).
desk-deadline-resume-text =
    The referee stopped the clock for { $span }; the deadline for { $phase } has moved on by that time.
    Orders are now due: { $due }.

desk-undo-subject = [{ $campaign }] correction: { $phase } is open again
desk-undo-text =
    The referee has undone the resolution of { $phase }: the report you received for it no longer holds.{ $has_reason ->
        [yes] {" "}The referee's reason: { $reason }
       *[no] {""}
    }
    The phase is open again; the report of its new resolution will replace it. Your orders for it stay those of the file that counted; { $deadline ->
        [ahead] you may send a new one until its deadline, which stands at { $due }{ $early ->
            [yes] ; but every club's orders for it are in, and the referee resolves a phase as soon as they are: it may go again as soon as the referee goes on, so send a new file at once if you mean to change yours.
           *[no] .
        }
        [passed] you may send a new one, but its deadline ({ $due }) has passed: a new file is a late file, which counts unless the referee refuses it. The phase is resolved again when the referee goes on, and nothing is resolved before.
       *[none] you may send a new one.
    }{ $held ->
        [yes] {" "}Meanwhile the referee's clock is stopped: when the referee starts it again, the deadline moves on by the time it stood still, and you are told the new one; if even so it has passed, the phase is resolved at once and no new deadline comes.
       *[no] {""}
    }
    A new file is written from the latest order file (and page) you received for { $phase }: the one that came with the mail that opened it (the report of the phase before it, or the welcome), or, where a battle's update came after that mail with its own, the update's. The one that came with the withdrawn report is for a phase that is gone.
    { $dice ->
        [fresh] Its dice are drawn anew: the phase is resolved again from a new seed, so that nobody writes new orders knowing the rolls. The new seed's commitment (SHA-256) is { $commitment }; the seed itself comes with the new report. Outcomes may differ even where no order changed.{ $kept ->
            [yes] {" "}A battle the game resolved while the phase was open keeps its result, and its dice stay those of the seed the report revealed: check them with that seed.
           *[no] {""}
        }
       *[same] Its dice stay those of the seed its report revealed.
    }

desk-unchanged-subject = [{ $campaign }] { $phase } resolved again: your report stands
desk-unchanged-text =
    The referee has resolved { $phase } again after undoing it, and nothing changed for you: the report you received for it holds after all, as it was.

desk-changed-subject = [{ $campaign }] { $phase } resolved again: what changed for you
desk-changed-text =
    The referee has resolved { $phase } again after undoing it. The new report comes in its own mail and replaces the withdrawn one. { $count ->
        [0] Your armies, fleets, diplomats, garrisons, treasury and places, and the foreign markers you see, stand as the withdrawn report left them; what differs is in the new report's account of the phase (its rolls, its battles, what you were told).
       *[other] Compared with the withdrawn report:{ $list }
    }

desk-undo-step-subject = [{ $campaign }] correction: a battle's result during { $phase } is taken back
desk-undo-step-text =
    The referee has taken back the result of battle { $battle } applied during { $phase }: the update you received about it no longer holds.
    The battle waits for its result again; your forces stand where they stood before it. A result you mailed for it stays recorded: you need not send it again.
    Write your orders from the order file you received before that update: the one that came with it no longer holds.

desk-undo-step-kept-text =
    The referee has taken back the step that applied the result of battle { $battle } during { $phase }: the update you received about it no longer holds, and your forces stand where they stood before it.
    The results the clubs sent stay recorded: they are applied when the phase is resolved, unless the referee rules the battle otherwise.
    Write your orders from the order file you received before that update: the one that came with it no longer holds.

desk-club-edit-subject = [{ $campaign }] your club's details have changed
desk-club-edit-text =
    The referee has changed the details of the club that plays { THE($nation) }.
    Name: { $name }
    Addresses: { $emails }
    Language: { $lang }
    This notice goes to the old and the new addresses. If you did not ask for the change, write to the referee.

desk-club-handover-subject = [{ $campaign }] { THE($nation, cap: "yes") } { VERB($nation, "has", "have") } passed to another club
desk-club-handover-text =
    The referee has handed { THE($nation) } to another club from { $phase } on.
    Your secret no longer works and the reports will no longer come to you. Thank you for playing.

desk-club-leave-subject = [{ $campaign }] { THE($nation, cap: "yes") } { VERB($nation, "is", "are") } neutral from { $phase }
desk-club-leave-text =
    The referee has recorded that your club leaves the campaign.
    From { $phase } on, { THE($nation) } { VERB($nation, "is", "are") } neutral (rule G0): it gives no orders, its garrisons defend, its armies stand.
    Your secret no longer works. Thank you for playing.

desk-announce-subject = [{ $campaign }] a word from the referee
desk-announce-heading = From the referee

desk-remind-subject = [{ $campaign }] reminder: orders for { $phase }
desk-remind-text =
    We have not yet received your orders for { $phase }.
    Due: { $due }.
    Without orders, your armies stay where they are (a siege under way goes on); the latest order file giglio sent you (with the last report, or with a battle's update since) says what each other piece does without orders.
desk-remind-result-subject = [{ $campaign }] reminder: a battle of yours waits for your result
desk-remind-result-text =
    Your orders for { $phase } are in; a battle of yours still waits for your result (once both sides' results agree, it is applied at once):
desk-remind-no-deadline = no deadline set
desk-remind-disorder = { $newly ->
        [yes] You have sent no orders for the last { $phases } order phases: if none come for this one either, your nation falls into civil disorder when it is resolved (G0). Every club is told, and
       *[no] Your nation is in civil disorder (G0): you have sent no orders for { $phases } order phases or more, and
    } { $bot ->
        [yes] a bot gives your orders
       *[no] your pieces stand on their standing orders
    } until an order file of yours comes. { $newly ->
        [yes] An order file for this phase avoids it
       *[no] An order file for this phase ends it
    } (a file of only battle results or letters is not one).
desk-remind-fleet-at-sea = A fleet of yours is at sea, where a fleet may not stay: without orders it sails for your nearest port (with no port of yours, it is lost).

run-battle-auto-subject = [{ $campaign }] battle { $battle }: resolved automatically
run-battle-auto-text =
    The play-by date of battle { $battle } ({ $date }) has passed { $neutral ->
        [yes] without the referee deciding it (the other side is a neutral nation, which sends no results)
       *[no] without two agreeing results
    }, so, as the campaign's rules say, it has been resolved automatically with its own game, { $game }.{ $set_aside ->
        [yes] { " " }The result you mailed is set aside.
       *[no] {""}
    }
    { $applied ->
        [now] The outcome follows in the battle's own update.
       *[later] The outcome counts from the resolution of the phase, and its report will tell it.
    }
run-battle-hold-subject = [{ $campaign }] battle { $battle }: still waiting for its result
run-battle-hold-text =
    The play-by date of battle { $battle } ({ $date }) has passed without two agreeing results.
    As the campaign's rules say, the battle keeps waiting and the referee has been reminded: send your result as soon as the battle is played.
desk-remind-battle = Battle { $battle } at { $node }: play it at the table and mail your result by { $date }.
desk-remind-battle-sent = Battle { $battle } at { $node }: your result is in; the other side's is awaited, by { $date } at the latest.

disorder-yours = This concerns your own nation: below is the notice every club receives. Your next order file that counts ends the disorder.
disorder-ended-yours = This concerns your own nation: your order file has ended its civil disorder, and your orders count again.
disorder-subject = [{ $campaign }] { THE($nation, cap: "yes") } { VERB($nation, "falls", "fall") } into civil disorder
disorder-text =
    The club that plays { THE($nation) } { VERB($nation, "has", "have") } sent no orders for { $phases } phases in a row, nor for { $phase }: { THE($nation) } { VERB($nation, "falls", "fall") } into civil disorder.
    { $bot ->
        [yes] Until a club takes it up again, its orders are given by the referee's bot.
       *[no] Until a club takes it up again, its pieces stand on their standing choices.
    } It remains in the campaign and still counts for its objective; the referee may hand it to a new club. An order file from its club ends the disorder, and every club will be told.

disorder-ended-subject = [{ $campaign }] { THE($nation, cap: "yes") } { VERB($nation, "comes", "come") } out of civil disorder
disorder-ended-text = The club that plays { THE($nation) } has sent its orders for { $phase }: the civil disorder is over, and the nation plays again.
late-accepted-subject = [{ $campaign }] your late orders for { $phase } count
late-accepted-text =
    Your order file for { $phase } reached the referee's mailbox at { $arrived }, after the deadline of { $deadline }. The referee has accepted it: it counts.
late-refused-subject = [{ $campaign }] your late orders for { $phase } do not count
late-refused-text-earlier =
    Your order file for { $phase } reached the referee's mailbox at { $arrived }, after the deadline of { $deadline }. The referee has refused it: your file received at { $earlier }, before the deadline, counts instead.
late-refused-text-none =
    Your order file for { $phase } reached the referee's mailbox at { $arrived }, after the deadline of { $deadline }. The referee has refused it, and no file of yours came before the deadline: your forces will do what they do without orders.

## A round past its deadline that waits for battles' results: every club is told once.
waits-subject = [{ $campaign }] { $phase }: the round waits for { $count ->
    [one] a battle's result
   *[other] the results of { $count } battles
}
waits-neutral = Battle { $battles } is against a neutral nation, which sends no result (rule G0): the referee decides it; { $sent ->
    [yes] your result is in and waits for the referee to confirm it or rule otherwise.
   *[no] you may mail your result for the referee to confirm.
}
waits-body =
    The deadline for { $phase } has passed, but the round is resolved only once it has the result of { $count ->
        [one] a battle still to be played at the table
       *[other] { $count } battles still to be played at the table
    }. { $fallback ->
        [auto] At the latest on { $by }: if the results have not come in by then, { $count ->
            [one] the battle is resolved automatically with its own game
           *[other] each battle still without a result is resolved automatically with its own game
        }, and the round is resolved straight after.
        [hold] It is to be played by { $by }; if that passes without results, the referee decides.
       *[none] When it comes, the round is resolved and you get your report.
    }
waits-body-early =
    Every club's orders for { $phase } are in, before its deadline, but the round is resolved only once it has the result of { $count ->
        [one] a battle still to be played at the table
       *[other] { $count } battles still to be played at the table
    }. { $fallback ->
        [auto] At the latest on { $by }: if the results have not come in by then, { $count ->
            [one] the battle is resolved automatically with its own game
           *[other] each battle still without a result is resolved automatically with its own game
        }, and the round is resolved straight after.
        [hold] It is to be played by { $by }; if that passes without results, the referee decides.
       *[none] When it comes, the round is resolved and you get your report.
    }
# One of the club's battles among those awaited: whether its result is in already.
waits-yours-dated = You are one of the two sides of battle { $battle }: { $sent ->
        [both] both results are in and they differ
        [yes] your result is in, the other side's is not; if theirs agrees with yours, it stands
        [other] the other side's result is in, yours is not: mail the result of the game as it was played; if it agrees with theirs, it stands
       *[no] neither side's result is in yet: mail the result of the game as it was played; if the two agree, it stands
    }{ $fallback ->
        [auto] . Without two results that agree, the referee may rule, and at the date above the battle's own game resolves it.
        [hold] . Without two results that agree, the referee decides.
       *[none] . Without two results that agree, the referee rules.
    }
waits-none-yours = { $count ->
    [one] You are no side of this battle: nothing is needed from you.
   *[other] You are no side of these battles: nothing is needed from you.
}
# Which of the club's orders count for the round that waits.
waits-orders = { $orders ->
        [file] Your orders for the round are those of your file received on { $at }. { $early ->
            [yes] A file you send before the deadline replaces it; one sent after the deadline is late, and counts unless the referee refuses it, and you are told if so.
           *[no] A file you send while the round waits replaces it, but it arrives after the deadline: a late file counts unless the referee refuses it, and you are told if so.
        }
        [late] Your orders for the round are those of your file received on { $at }, after the deadline: it counts unless the referee refuses it, and you are told if so. A later file replaces it on the same terms.
       *[none] You sent no orders for this round: your forces will do what they do without orders, unless you send a file now; { $early ->
            [yes] one sent before the deadline counts, and one sent after it counts unless the referee refuses it before the round is resolved.
           *[no] arriving after the deadline, it counts unless the referee refuses it before the round is resolved.
        }
    }
# Where a reply locates a slip in orders written in the message's text (lines counted
# from the order file's first line).
desk-orders-in-text = the order file in the text
