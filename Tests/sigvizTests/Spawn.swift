import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Darwin)
typealias SpawnFileActions = posix_spawn_file_actions_t?
typealias SpawnAttributes = posix_spawnattr_t?
#else
typealias SpawnFileActions = posix_spawn_file_actions_t
typealias SpawnAttributes = posix_spawnattr_t
#endif

/// Starts `command` (a program's path, then its arguments) with posix_spawn(3) and returns its
/// process id: the tests' environment with `SWIFT_BACKTRACE=enable=no` (a crash ends at once, with
/// the runtime's message, instead of a slow backtrace) and `environment` added, and the file
/// actions and attributes that `configure` sets up on ones made (and destroyed) here.
func spawn(
    _ command: [String], environment extra: [String: String] = [:],
    configure: (inout SpawnFileActions, inout SpawnAttributes) throws -> Void
) throws -> pid_t {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    for (key, value) in extra { environment[key] = value }
    #if canImport(Darwin)
    var actions: SpawnFileActions = nil
    var attributes: SpawnAttributes = nil
    #else
    var actions = SpawnFileActions()
    var attributes = SpawnAttributes()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    try configure(&actions, &attributes)

    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    return pid
}
