import Testing

/// `sigviz trace SCENARIO --format marbles` for the articles' scenarios,
/// against marbles written by hand from the articles' timelines.
@Suite("Marbles of the article scenarios")
struct MarbleOutputTests {
    @Test("subject-vs-replay: subscribers 3 and 4 miss package 1 on the subject and get it replayed at 1.1 s")
    func subjectVersusReplay() throws {
        let run = try sigviz("trace", "subject-vs-replay", "--format", "marbles")
        #expect(run.status == 0)
        #expect(run.output == """
            # Subject vs ReplaySubject: marbles, one frame = 0.1 s (RxJS marble syntax)
            # values:
            #   a = "send package 1"
            #   b = "send package 2"

            Subscriber 1 → subject
              events:       ----------a---------b
              subscription: -^-------------------

            Subscriber 1 → replaySubject
              events:       ----------a---------b
              subscription: -^-------------------

            Subscriber 2 → subject
              events:       ----------a---------b
              subscription: -^-------------------

            Subscriber 2 → replaySubject
              events:       ----------a---------b
              subscription: -^-------------------

            Subscriber 3 → subject
              events:       --------------------b
              subscription: -----------^---------

            Subscriber 3 → replaySubject
              events:       -----------a--------b
              subscription: -----------^---------
              replayed:     -----------a---------

            Subscriber 4 → subject
              events:       --------------------b
              subscription: -----------^---------

            Subscriber 4 → replaySubject
              events:       -----------a--------b
              subscription: -----------^---------
              replayed:     -----------a---------

            """)
    }

    @Test("cold-to-hot-subject: A reaches subscriber 1 at 3.5 s, B both at 5 s, both complete at 7 s")
    func coldToHot() throws {
        let run = try sigviz("trace", "cold-to-hot-subject", "--format", "marbles")
        #expect(run.status == 0)
        #expect(run.output == """
            # Cold to hot through a subject: marbles, one frame = 0.5 s (RxJS marble syntax)
            # values:
            #   a = "A"
            #   b = "B"

            Subscriber 1 → subject
              events:       -------a--b---|
              subscription: ^-------------!

            Subscriber 2 → subject
              events:       ----------b---|
              subscription: --------^-----!

            """)
    }

    @Test("replaylazily: B joins at 2.2 s, gets 1 replayed at once and 2 live at 2.5 s")
    func replayLazily() throws {
        let run = try sigviz("trace", "replaylazily", "--format", "marbles")
        #expect(run.status == 0)
        #expect(run.output == """
            # replayLazily: marbles, one frame = 0.1 s (RxJS marble syntax)
            # values:
            #   a = "1"
            #   b = "2"

            A → replayed
              events:       ---------------a---------b---------|
              subscription: -----^-----------------------------!

            B → replayed
              events:       ----------------------a--b---------|
              subscription: ----------------------^------------!
              replayed:     ----------------------a-------------

            """)
    }

    @Test("fetchdata: every binding shows Loading... at 0 and its text with completion at 1 s", arguments: [
        "fetchdata", "fetchdata-replaylazily",
    ])
    func fetchData(scenario: String) throws {
        let run = try sigviz("trace", scenario, "--format", "marbles")
        #expect(run.status == 0)
        let lanes = run.output.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        #expect(lanes == """
            someLabel → someLabelText
              events:       a(b|)--
              subscription: ^!-----

            originTextView → originText
              events:       a(c|)--
              subscription: ^!-----

            renderedTextView → renderedText
              events:       a(d|)--
              subscription: ^!-----

            alert → errors
              events:       -(bcd|)
              subscription: ^!-----

            """)
    }
}
