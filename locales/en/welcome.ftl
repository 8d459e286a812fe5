# The welcome message every club receives when the campaign begins.
welcome-subject = Il Giglio: welcome, { $nation }
welcome-hello = Welcome to the campaign "{ $campaign }". Your club, { $club }, plays { THE($nation) }.
welcome-secret = Your club's secret is:

        { $secret }

    Write it in every order file, as secret = "…". Keep it to yourselves: whoever knows it can give orders in your name. The referee keeps no copy of it (only a fingerprint): if you lose it, ask for a new one.
welcome-secret-by-hand = The referee will give you your club's secret another way: write it in every order file, as secret = "…".
welcome-no-secret = Your club's secret stays the one you have; if you have lost it, ask the referee for a new one.
welcome-secret-renewed = This secret is new: if your club had one before, it no longer works. Write this one in every order file from now on.
welcome-deadline-next = The next deadline for orders ({ $phase }): { $deadline }.
welcome-no-deadline-next = The phase now open is { $phase }; the referee will tell you its deadline.
welcome-army-aboard = { $id } aboard fleet { $fleet }, { $value } ducats
welcome-objective-chosen = Your secret objective (G8.1), chosen in your first spring file: { $name }. It cannot be changed; at the end every club that met its own wins, and among several the richest treasury decides (G8.2).
welcome-treasury = Treasury: { $treasury } ducats.
welcome-holdings = { $count ->
    [one] Your holding:
   *[other] Your { $count } holdings:
}
welcome-node = { $code } { $name }: { $what }
welcome-armies = Armies (at most { $max }):
welcome-army = { $id } at { $name } ({ $node }), { $value } ducats
welcome-no-armies = No army yet: you may raise one in spring in a city of yours.
welcome-fleets = Fleets (at most { $limit }):
welcome-fleet = { $id } { $sea ->
        [yes] in { THE($name) }
       *[no] at { $name }
    } ({ $at })
welcome-no-fleets = { $limit ->
    [0] Fleets: your nation may have none.
   *[other] No fleet yet; you may build up to { $limit } in a port of yours ({ $cost } ducats each).
}
welcome-objectives = Your secret objective (G8.1) is chosen in your first spring file, from these; at the end every club that met its own wins, and among several the richest treasury decides (G8.2):
welcome-objective = { $name } (objective = {"{"} kind = "{ $kind }"{ $target ->
        [none] {""}
       *[other] , target = "{ $target }"
    } {"}"}{ $target ->
        [none] {""}
       *[other] , with the code of the nation you choose
    }): { $measure }
welcome-deadline = The first deadline for orders ({ $phase }): { $deadline }.
welcome-no-deadline = The first phase is { $phase }; the referee will tell you its deadline.
welcome-how = How to play by mail:
    1. Open the attached file { $sheet }: it is your order file for { $phase }, with its header filled in, every piece of yours and the orders it may give.
    2. Type the secret in secret = "…" and remove the # in front of the orders you want to give.
    3. Send the file to { $address } from your registered address, as a .toml attachment or in the body of the message.
    4. You will get a receipt listing every order as it was understood; you may send the file again: the last one received before the phase is resolved counts (at the deadline, or sooner where the referee resolves once every club's orders are in).
    5. After every phase you will receive a report, your map and the order file of the next phase.
welcome-check = The giglio program (ask the referee for it: you need the same version as theirs) checks the file before you send it: giglio orders check { $sheet } --view { $view }.{ $page ->
    [true] {" "}Without the program, the attached order page writes files the rules already accept.
   *[false] {""}
}
welcome-attached = Attached: the order file ({ $sheet }), your map ({ $map }), the rulebook ({ $rulebook }) and the file for the check ({ $view }).
welcome-guide = The club's guide ({ $guide }) tells, step by step, how to read what giglio sends, how to write and check your orders and how to mail them.
welcome-attached-no-rulebook = Attached: the order file ({ $sheet }), your map ({ $map }) and the file for the check ({ $view }).
welcome-node-city = city
welcome-node-fortress = fortress
welcome-node-village = village
welcome-node-capital = capital
welcome-node-port = port
welcome-node-garrison = garrison of { $value } ducats
welcome-node-fortified = walled
objective-measure-keep_possessions = lose none of your starting holdings
objective-measure-conquer_nation = hold every village, fortress and city of the nation you name (target), its capital included
objective-measure-most_capitals = hold at least as many capitals as any other club, and at least one
objective-measure-most_ducats = have at least as many ducats in the treasury as any other club, and at least one (armies and fleets do not count)
objective-measure-most_cities = hold at least as many cities as any other club, and at least one
objective-measure-most_fortresses = hold at least as many fortresses as any other club, and at least one
objective-measure-most_villages = hold at least as many villages as any other club, and at least one
objective-measure-most_ports = hold at least as many ports as any other club, and at least one
objective-measure-most_alliances_honoured = have at least as many alliances honoured to the end as any other club, and at least one
objective-measure-most_alliances_betrayed = have betrayed at least as many alliances as any other club, and at least one
objective-measure-most_fleets = have at least as many fleets as any other club, and at least one
