import Findings
import Foundation
import Reactive
import SigvizTesting
import Testing
import Tracer

// Issue 30: the findings of a kit run, in Swift, placed at the code, with each suggested change
// proven by running the body again with the change made where the code named the signal.

@Suite("Explaining a marble test: findings in Swift, proven by running the code again")
struct MarbleExplanationTests {
    /// The README's example: a cold input named fetchUser at the line `made`, subscribed twice on the next.
    private static func profile() throws -> (explained: MarbleExplanation, made: Int) {
        let made = #line + 2
        let explained = try MarbleTest.explain(title: "profile") { test in
            let fetchUser = try test.cold("--u|", values: ["u": "ada"], named: "fetchUser")
            fetchUser.subscribe(label: "name")
            fetchUser.subscribe(label: "avatar")
            return fetchUser
        }
        return (explained, made)
    }

    @Test("a cold input subscribed twice: share it with .replayLazily() where it is made, proven by one run instead of two")
    func sharedRequestIsProven() throws {
        let (explained, made) = try Self.profile()
        let explanation = try #require(explained.explanations.first)
        #expect(explained.explanations.map(\.finding.kind) == [.repeatedSideEffect])
        #expect(explanation.site == "SigvizTestingTests/MarbleExplanationTests.swift:\(made + 1)")
        #expect(explanation.finding.suggestion?.sentence.hasPrefix(
            "Share one run: put `.replayLazily()` after fetchUser (SigvizTestingTests/MarbleExplanationTests.swift:\(made))") == true)
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "no reason")")
        #expect(fix.outcome.runs == [FixOutcome.Runs(name: "fetchUser", before: 2, after: 1)])
        #expect(fix.outcome.changed.isEmpty)
        #expect(fix.edit == "where SigvizTestingTests/MarbleExplanationTests.swift:\(made) names fetchUser: `.replayLazily()` after it")
        #expect(fix.after.findings().isEmpty)
    }

    @Test("a late subscriber to a subject: make it a ReplaySubject where it is made, proven by the value the subscriber gains")
    func replaySubjectIsProven() throws {
        let explained = MarbleTest.explain { test in
            let query = Subject<String>().named("query")
            test.scheduler.schedule(after: 1) { query.sendNext("swift") }
            test.scheduler.schedule(after: 2) { query.subscribe(label: "results") }
            return query
        }
        let explanation = try #require(explained.explanations.first { $0.finding.kind == .missedValues })
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "no reason")")
        #expect(fix.outcome.changed.map(\.label) == ["results"])
        #expect(fix.outcome.changed.first?.after?.map(\.description) == ["\"swift\" at 2 s, replayed"])
    }

    @Test("a subscriber updated off main: deliver on main where it subscribes, proven by the values arriving on main")
    func deliverOnMainIsProven() throws {
        let subscribed = #line + 7
        let explained = MarbleTest.explain { test in
            let background = test.scheduler.named("background")
            let tweets = Signal<String>.create { subscriber in
                subscriber.sendNext("tweets")
                return nil
            }.named("tweets").subscribe(on: background)
            tweets.subscribe(label: "Table")
            return tweets
        }
        let explanation = try #require(explained.explanations.first { $0.finding.kind == .offMainDelivery })
        #expect(explanation.finding.suggestion?.sentence.hasPrefix("Deliver on main: put `.deliver(on: .main)` after ") == true)
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "no reason")")
        #expect(fix.edit == "where SigvizTestingTests/MarbleExplanationTests.swift:\(subscribed) subscribes: `.deliver(on: .main)` after what it subscribes to")
        #expect(!fix.after.findings().contains { $0.kind == .offMainDelivery })
    }

    @Test("a subscription that outlived its owner: take it until the owner ends where it subscribes, proven by the value it no longer gets")
    func endWithOwnerIsProven() throws {
        let explained = try MarbleTest.explain { test in
            let notes = try test.hot("^-a--b", named: "notes")
            let screenGone = ReplaySubject<Void>().named("screenGone")
            test.scheduler.schedule(after: 3) { screenGone.sendCompleted() }
            notes.subscribe(label: "Screen", owner: screenGone)
            return (notes, screenGone)
        }
        let explanation = try #require(explained.explanations.first { $0.finding.kind == .neverEnded })
        #expect(explanation.finding.suggestion?.sentence.hasPrefix("End it with its owner: put `.take(until: screenGone)` after notes") == true,
                "\(explanation.finding.suggestion?.sentence ?? "none")")
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "no reason")")
        #expect(fix.outcome.changed.map(\.label) == ["Screen"])
        #expect(fix.outcome.changed.first?.after?.map(\.description) == ["\"a\" at 2 s", "completed at 3 s"])
    }

    @Test("an unlimited replay subject nobody reads the history of: give it a capacity of 1 where it is made, proven")
    func unboundedReplayIsProven() throws {
        let explained = MarbleTest.explain { test in
            let currentUser = ReplaySubject<String>().named("currentUser")
            currentUser.subscribe(label: "badge")
            for (time, user) in [(1.0, "ann"), (2, "bo"), (3, "cy")] {
                test.scheduler.schedule(after: time) { currentUser.sendNext(user) }
            }
            return currentUser
        }
        let explanation = try #require(explained.explanations.first { $0.finding.kind == .unboundedReplay })
        #expect(explanation.finding.suggestion?.sentence.contains("(`ReplaySubject(capacity: 1)`)") == true)
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "no reason")")
        #expect(fix.edit.hasSuffix("names currentUser: `ReplaySubject(capacity: 1)` in place of `ReplaySubject()`"), "\(fix.edit)")
        #expect(fix.outcome.changed.isEmpty)
    }

    @Test("a change made where the code names a signal whose returned value it drops changes nothing: unproven, saying so")
    func droppedNamingIsUnproven() throws {
        let explained = MarbleTest.explain { test in
            let query = Subject<String>()
            query.named("query")
            test.scheduler.schedule(after: 1) { query.sendNext("swift") }
            test.scheduler.schedule(after: 2) { query.subscribe(label: "results") }
            return query
        }
        let explanation = try #require(explained.explanations.first { $0.finding.kind == .missedValues })
        #expect(explanation.fix == nil)
        #expect(explanation.finding.suggestion != nil, "a true suggestion is kept")
        #expect(explanation.unproven?.hasPrefix("the run again changed nothing any subscriber received: the code did not use the signal "
            + "named(_:) returned at SigvizTestingTests/MarbleExplanationTests.swift:") == true, "\(explanation.unproven ?? "none")")
    }

    @Test("a change at a signal the code did not name is left unproven, saying so")
    func unnamedSignalIsUnproven() throws {
        let explained = try MarbleTest.explain { test in
            let request = try test.cold("-r|", named: "request")
            let parsed = request.map { "parsed \($0)" }
            parsed.subscribe(label: "title")
            parsed.subscribe(label: "body")
            return parsed
        }
        let explanation = try #require(explained.explanations.first { $0.finding.kind == .repeatedSideEffect })
        #expect(explanation.fix == nil)
        #expect(explanation.unproven?.hasSuffix("was not named in the code (named(_:)), so the change has no place to be made") == true,
                "\(explanation.unproven ?? "none")")
    }

    @Test("a change made elsewhere than where a signal is named is left unproven, saying so")
    func otherChangeIsUnproven() throws {
        let explained = try MarbleTest.explain { test in
            let trigger = try test.hot("^-a-b", named: "trigger")
            let failing = trigger.flattenMap { value in
                value == "a" ? Signal<String>.error(MarbleInputError()) : Signal<String>.return(value)
            }
            failing.subscribe(label: "screen")
            return trigger
        }
        let explanation = try #require(explained.explanations.first { $0.finding.kind == .terminatedPipeline })
        #expect(explanation.finding.suggestion?.sentence.contains("`.catchTo(.empty())`") == true)
        #expect(explanation.fix == nil)
        #expect(explanation.unproven?.hasPrefix("a run of Swift code proves a change where a signal is named") == true)
    }

    @Test("the README's example prints what the README shows, line by line (its '...' cut what follows)")
    func readmeExample() throws {
        let (explained, made) = try Self.profile()
        let printed = Explanation.text(explained.explanations, input: "profile").split(separator: "\n").map(String.init)
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardizedFileURL, encoding: .utf8)
        let section = try #require(readme.range(of: "### What went wrong, in Swift, with the fix proven"))
        let block = try #require(readme[section.upperBound...].range(of: "```text\n"))
        let end = try #require(readme[block.upperBound...].range(of: "```"))
        let shown = readme[block.upperBound..<end.lowerBound].split(separator: "\n").map { line in
            String(line).replacingOccurrences(of: "AppTests/ProfileTests.swift:3", with: "SigvizTestingTests/MarbleExplanationTests.swift:\(made)")
                .replacingOccurrences(of: "AppTests/ProfileTests.swift:4", with: "SigvizTestingTests/MarbleExplanationTests.swift:\(made + 1)")
        }
        #expect(shown.count == printed.count, "\(printed.joined(separator: "\n"))")
        for (expected, actual) in zip(shown, printed) {
            let cut = expected.hasSuffix(" ...") ? String(expected.dropLast(3)) : expected
            #expect(expected.hasSuffix(" ...") ? actual.hasPrefix(cut) : actual == cut, "README: \(expected)\nprinted: \(actual)")
        }
    }

    @Test("a run without findings passes expectNoFindings; one with findings records them as explain prints them")
    func expectNoFindings() throws {
        let clean = try MarbleTest.explain { test in
            let fetchUser = try test.cold("--u|", named: "fetchUser").replayLazily()
            fetchUser.subscribe(label: "name")
            fetchUser.subscribe(label: "avatar")
            return fetchUser
        }
        clean.expectNoFindings()
        let twice = try MarbleTest.explain(title: "profile") { test in
            let fetchUser = try test.cold("--u|", named: "fetchUser")
            fetchUser.subscribe(label: "name")
            fetchUser.subscribe(label: "avatar")
            return fetchUser
        }
        withKnownIssue("fetchUser ran twice") {
            twice.expectNoFindings()
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.hasPrefix("profile (SigvizTestingTests/MarbleExplanationTests.swift:")
                    && comment.rawValue.contains("  proven: the change, run again on the same virtual times:\n")
                    && comment.rawValue.contains("  fetchUser's didSubscribe: 2 runs before, 1 after\n")
            }
        }
    }
}
