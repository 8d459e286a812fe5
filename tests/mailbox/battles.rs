//! Battles settled by mail: the clubs' results, a ruling that sets one aside, and a
//! battle against a neutral nation, each played from the clubs' mailboxes alone.

use super::*;

#[test]
fn a_battle_is_settled_by_mail() {
    let mut s = Season::new(&[]);
    let config = s.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        text.replacen("referee = []", "referee = [\"arbitro@example.org\"]", 1),
    )
    .unwrap();
    // Round 1: Venice's second army attacks Florence's F7, by the path its sheet gives.
    let secrets = march_on_f7(
        &mut s,
        "[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n",
    );
    s.stdout(&["resolve"]);
    let round2 = s.deliver();
    let sheet_for = |mail: &[Received], nation: &str, kind: &str| {
        let r = mail
            .iter()
            .find(|r| r.kind == kind && r.nation == nation)
            .unwrap_or_else(|| panic!("no {kind} for {nation}"));
        sheet_of(r).1
    };
    let v_sheet = sheet_for(&round2, "V", "report");
    let f_sheet = sheet_for(&round2, "F", "report");
    assert!(v_sheet.contains("in attesa del risultato"), "{v_sheet}");
    assert!(f_sheet.contains("# [[battle_result]]"), "{f_sheet}");

    // Venice sends its own order of battle for the card: its units must add up to the
    // size its sheet gives for its side, and be of the ruleset's kinds.
    let size: i64 = v_sheet
        .lines()
        .find(|l| l.contains("in attesa del risultato"))
        .and_then(|l| l.split(": Repubblica di Venezia (V), ").nth(1))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the sheet gives Venice's size in the battle");
    let oob = |value: i64, kind: &str| {
        header_of(&v_sheet, &secrets["V"])
            + &format!(
                "\n[[order_of_battle]]\nbattle = \"1494-r01-F7\"\nruleset = \"mon1628\"\n\n[[order_of_battle.unit]]\nname = \"Fanti di Romagna\"\nkind = \"{kind}\"\ncampaign_value = {value}\nratings = {{ fire_att = 3 }}\n"
            )
    };
    for (file, says) in [
        (oob(size - 1, "inf"), "devono coincidere"),
        (oob(size, "dragoni"), "non conosce"),
        (
            oob(size, "inf"),
            "ordine di battaglia per mon1628 è registrato",
        ),
    ] {
        assert_eq!(s.mail_orders("V", &file)["verdict"], "accepted");
        let receipt = s.deliver();
        assert!(
            receipt[0].text.contains(says),
            "{says}: {}",
            receipt[0].text
        );
    }

    // Venice sends its round-2 orders first (its sheet as it is: everything holds).
    let v_orders = with_secret(&v_sheet, &secrets["V"]);
    assert_eq!(s.mail_orders("V", &v_orders)["verdict"], "accepted");

    // Two results that differ: each club is told at once, and so is the referee.
    let v_result =
        header_of(&v_sheet, &secrets["V"]) + &result_from_stub(&v_sheet, "V", "V = 50, F = 120");
    assert_eq!(s.mail_orders("V", &v_result)["verdict"], "accepted");
    let f_wrong =
        header_of(&f_sheet, &secrets["F"]) + &result_from_stub(&f_sheet, "F", "V = 50, F = 120");
    assert_eq!(s.mail_orders("F", &f_wrong)["verdict"], "accepted");
    let told = s.deliver();
    let receipts: Vec<&Received> = told.iter().filter(|r| r.kind == "receipt").collect();
    assert_eq!(receipts.len(), 3, "one receipt per file");
    let v_receipt = &receipts
        .iter()
        .find(|r| r.nation == "V" && r.text.contains("Battaglia"))
        .expect("the receipt of Venice's result")
        .text;
    assert!(
        v_receipt.contains("si attende quello della Repubblica di Firenze"),
        "{v_receipt}"
    );
    assert!(
        v_receipt.contains("restano quelli del file che avete già mandato"),
        "a results-only file keeps the orders: {v_receipt}"
    );
    // A file of results alone is no "orders received".
    assert!(
        v_receipt.contains("File per il turno 2 (aprile) del 1494 ricevuto e sigillato.")
            && !v_receipt.contains("Ordini per"),
        "{v_receipt}"
    );
    let disputes: Vec<&Received> = told.iter().filter(|r| r.kind == "dispute").collect();
    let to: Vec<&str> = disputes.iter().map(|r| r.nation.as_str()).collect();
    assert_eq!(to, ["F", "V", "referee"], "both clubs and the referee");
    for d in &disputes {
        assert!(
            d.text.contains("vince la Repubblica di Venezia")
                || d.text.contains("the Republic of Venice wins"),
            "{}",
            d.text
        );
        assert!(
            d.text.contains("vince la Repubblica di Firenze")
                || d.text.contains("the Republic of Florence wins"),
            "{}",
            d.text
        );
        // What happens if they never agree: the play-by date and the campaign's
        // fallback, not "the referee rules" (a playtest).
        assert!(
            d.text.contains("risolta automaticamente con il suo gioco")
                || d.text.contains("resolved automatically with its own game"),
            "{}",
            d.text
        );
        // The referee's copy alone says how to rule.
        assert_eq!(
            d.text
                .contains("giglio battle rule 1494-r01-F7 --as-sent V"),
            d.nation == "referee",
            "{}: {}",
            d.nation,
            d.text
        );
    }

    // Florence corrects its result: the two agree and the result is applied now.
    let f_right =
        header_of(&f_sheet, &secrets["F"]) + &result_from_stub(&f_sheet, "V", "V = 50, F = 120");
    assert_eq!(s.mail_orders("F", &f_right)["verdict"], "accepted");
    let applied = s.deliver();
    let f_receipt = applied
        .iter()
        .find(|r| r.kind == "receipt")
        .expect("Florence's receipt");
    assert!(
        f_receipt.text.contains("applicato ora"),
        "{}",
        f_receipt.text
    );
    let updates: Vec<&Received> = applied.iter().filter(|r| r.kind == "update").collect();
    let to: Vec<&str> = updates.iter().map(|r| r.nation.as_str()).collect();
    assert_eq!(to, ["F", "V"], "an update to each side");
    let v_update = updates.iter().find(|r| r.nation == "V").unwrap();
    assert!(
        v_update.text.contains("contano ancora, ma ciascuno è giudicato da queste nuove posizioni: quello che non consentono più"),
        "Venice's orders sent before the result count, judged from the new positions (a play-test read \"restano validi\" of a siege then refused): {}",
        v_update.text
    );
    let f_update = updates.iter().find(|r| r.nation == "F").unwrap();
    assert!(
        f_update.text.contains("Che cosa è successo"),
        "{}",
        f_update.text
    );
    // How hits became ducats (issue 29: "3 hits, 0 ducats lost" read as a mistake): the
    // shipped games count a reduced unit as nothing.
    assert!(
        f_update.text.contains("Come si contano le perdite (G3c.7)")
            && f_update.text.contains("un'unità soltanto ridotta")
            && f_update.text.contains("non costa nulla"),
        "{}",
        f_update.text
    );
    let f_new = sheet_of(f_update).1;
    assert!(
        !f_new.contains("# [[battle_result]]"),
        "the battle is settled: {f_new}"
    );
    assert_ne!(
        f_new, f_sheet,
        "the fresh sheet starts from the new position"
    );
    // The order page of the open phase too, drawn from the position after the battle,
    // and the words saying how to open it (issue 20).
    let page = f_update
        .files
        .keys()
        .find(|n| n.ends_with(".html"))
        .expect("the update carries the order page");
    assert_eq!(page, &sheet_of(f_update).0.replace(".toml", ".html"));
    assert!(f_update.text.contains(page.as_str()), "{}", f_update.text);
    // A result sent again after it was applied is refused (the battle no longer waits);
    // the file changes nothing else.
    let late = s.mail_orders("F", &f_right.replace("F = 120", "F = 119"));
    assert_eq!(late["verdict"], "accepted", "{late}");
    let late = s.deliver();
    assert_eq!(late.len(), 1, "only the receipt");
    assert!(
        late[0]
            .text
            .contains("nessuna battaglia 1494-r01-F7 attende il risultato"),
        "{}",
        late[0].text
    );

    // Round 2 resolves from the new positions: Florence and Milan send their fresh
    // sheets as they are; Venice's earlier orders stand.
    let m_sheet = sheet_for(&round2, "M", "report");
    for (nation, sheet) in [("F", &f_new), ("M", &m_sheet)] {
        let file = with_secret(sheet, &secrets[nation]);
        assert_eq!(s.mail_orders(nation, &file)["verdict"], "accepted");
    }
    s.stdout(&["resolve"]);
    let round3 = s.deliver();
    let (name, _) = sheet_of(
        round3
            .iter()
            .find(|r| r.kind == "report" && r.nation == "F")
            .expect("Florence's report"),
    );
    assert_eq!(name, "ordini-F-1494-r03.toml");
    s.cmd().args(["audit"]).assert().success();
}

/// Issue 29: a club's mailed result set aside by the referee's ruling is told in the
/// club's update, in its language: which result, that the ruling counts over the clubs'
/// results (G3c.7), why (the other's had not come in) and the reason given. Florence,
/// which sent none, is told nothing of a result set aside.
#[test]
fn a_result_set_aside_by_a_ruling_is_told_to_the_club_that_mailed_it() {
    let mut s = Season::new(&[]);
    let secrets = march_on_f7(
        &mut s,
        "[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n",
    );
    s.stdout(&["resolve"]);
    let round2 = s.deliver();
    let v_sheet = sheet_of(
        round2
            .iter()
            .find(|r| r.kind == "report" && r.nation == "V")
            .expect("Venice's report"),
    )
    .1;
    let v_result =
        header_of(&v_sheet, &secrets["V"]) + &result_from_stub(&v_sheet, "V", "V = 50, F = 120");
    assert_eq!(s.mail_orders("V", &v_result)["verdict"], "accepted");
    s.deliver();
    s.stdout(&[
        "battle",
        "rule",
        "1494-r01-F7",
        "--winner",
        "F",
        "--loss",
        "V=60",
        "--loss",
        "F=10",
        "--reason",
        "the table's photo shows Florence holding the ford",
    ]);
    let told = s.deliver();
    let update = |nation: &str| {
        told.iter()
            .find(|r| r.kind == "update" && r.nation == nation)
            .unwrap_or_else(|| panic!("no update for {nation}: {told:?}"))
            .text
            .clone()
    };
    let v = update("V");
    assert!(
        v.contains(
            "Il risultato che avete mandato per la battaglia 1494-r01-F7 (vince la Repubblica di Venezia; perdite: Repubblica di Venezia 50 ducati, Repubblica di Firenze 120 ducati) è messo da parte: la decisione dell'arbitro vale sopra i risultati dei club (G3c.7), perché il risultato dell'altro club non era arrivato. Il motivo dell'arbitro: the table's photo shows Florence holding the ford."
        ),
        "{v}"
    );
    // One mail each, the update carrying the ruling (a play-test got a notice and an
    // update in the same minute).
    for nation in ["V", "F"] {
        let to: Vec<_> = told.iter().filter(|r| r.nation == nation).collect();
        assert_eq!(to.len(), 1, "{nation}: {to:?}");
    }
    let f = update("F");
    assert!(!f.contains("messo da parte"), "{f}");
    // Florence sent no result: the reason stands on its own.
    assert!(
        f.contains("Il motivo dell'arbitro: the table's photo shows Florence holding the ford"),
        "{f}"
    );
    assert_eq!(f.matches("the table's photo").count(), 1, "{f}");
    assert_eq!(v.matches("the table's photo").count(), 1, "{v}");
    assert!(
        !f.contains("V 50 ducati, F 120"),
        "Florence reads Venice's result: {f}"
    );
}

/// A battle against a neutral nation (Mantova, no club's): the card tells the club who
/// its enemy is and that the referee decides, and the receipt of its result says so
/// instead of waiting for a result no club will send (a playtest's stuck point).
#[test]
fn a_battle_against_a_neutral_nation_says_the_referee_decides_it() {
    let mut s = Season::new(&["--referee", "arbitro@club.example"]);
    let welcome = s.deliver();
    let secrets: BTreeMap<String, String> = welcome
        .iter()
        .map(|w| (w.nation.clone(), secret_in(&w.text)))
        .collect();
    s.stdout(&["resolve", "--force"]);
    let reports = s.deliver();
    let v = reports
        .iter()
        .find(|r| r.kind == "report" && r.nation == "V")
        .expect("Venice's report");
    let file = with_secret(&sheet_of(v).1, &secrets["V"])
        + "\n[[stance]]\npiece = \"V-A1\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"V-A1\"\npath = [\"V4\", \"MN0\"]\n";
    assert_eq!(s.mail_orders("V", &file)["verdict"], "accepted");
    s.deliver();
    s.stdout(&["resolve", "--force"]);
    let round2 = s.deliver();
    let v = round2
        .iter()
        .find(|r| r.kind == "report" && r.nation == "V")
        .expect("Venice's report");
    let card = v
        .files
        .values()
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .find(|t| t.contains("1494-r01-MN0") && t.contains("SCHEDA DI BATTAGLIA"))
        .expect("the card of the battle at Mantova");
    assert!(
        card.contains("una nazione neutrale, Marchesato di Mantova (MN)")
            && card.contains(
                "Il Marchesato di Mantova (MN) non ha un club e non manda risultati (regola G0)"
            )
            && !card.contains("neutral MN"),
        "{card}"
    );
    let sheet = sheet_of(v).1;
    // Neither the card nor the sheet speaks of two agreeing results: one club sends one.
    assert!(!card.contains("due risultati concordi"), "{card}");
    let flat = sheet.replace("\n# ", " ");
    assert!(
        flat.contains("L'altra parte è una nazione neutrale e non manda risultati (regola G0)")
            && !flat.contains("Ogni club manda il proprio"),
        "{sheet}"
    );
    let result =
        header_of(&sheet, &secrets["V"]) + &result_from_stub(&sheet, "V", "V = 30, MN = 60");
    assert_eq!(s.mail_orders("V", &result)["verdict"], "accepted");
    let got = s.deliver();
    let receipt = &got
        .iter()
        .find(|r| r.kind == "receipt")
        .expect("the receipt")
        .text;
    assert!(
        receipt.contains(
            "Il Marchesato di Mantova è una nazione neutrale e non manda risultati (regola G0): la battaglia la decide l'arbitro"
        ) && !receipt.contains("si attende quello di MN"),
        "{receipt}"
    );
    // The referee is written at once, with the command that confirms the result as sent.
    let referee = got
        .iter()
        .find(|r| r.kind == "referee" && r.text.contains("1494-r01-MN0"))
        .expect("the referee's notice");
    assert!(
        referee
            .text
            .contains("giglio battle rule 1494-r01-MN0 --as-sent V --reason"),
        "{}",
        referee.text
    );
    // The nation with its article, as everywhere (play-test 40 read "contro Repubblica
    // di Genova").
    assert!(
        referee
            .text
            .contains("contro il Marchesato di Mantova, una nazione neutrale")
            || referee
                .text
                .contains("against the Marquisate of Mantua, a neutral nation"),
        "{}",
        referee.text
    );
    // A club that mailed nothing cannot be confirmed; Venice's result can, as sent.
    let none = s
        .cmd()
        .args([
            "battle",
            "rule",
            "1494-r01-MN0",
            "--as-sent",
            "M",
            "--reason",
            "x",
        ])
        .assert()
        .failure();
    assert!(
        crate::common::stderr_of(&none)
            .contains("M has mailed no result for battle 1494-r01-MN0; results received: V"),
        "{}",
        crate::common::stderr_of(&none)
    );
    let ruled = s.stdout(&[
        "battle",
        "rule",
        "1494-r01-MN0",
        "--as-sent",
        "V",
        "--reason",
        "the table's result, confirmed",
    ]);
    assert!(ruled.contains("ruled 1494-r01-MN0: V wins"), "{ruled}");
    // Venice's update: its result was confirmed, not set aside.
    let told = s.deliver();
    let update = told
        .iter()
        .find(|r| r.kind == "update" && r.nation == "V")
        .expect("Venice's update");
    assert!(!update.text.contains("messo da parte"), "{}", update.text);
    let list = s.stdout(&["battle", "list"]);
    // Applied at once, with Venice's losses as it sent them.
    assert!(
        list.contains("applied in step 1 of the open phase; settled (referee): V wins; losses attacker 30 defender 60"),
        "{list}"
    );
}
