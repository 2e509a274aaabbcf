/// The probes, in the order a run takes them.
enum Probes {
    static let names = ["kill-save", "concurrent", "damaged", "full-disk", "http"]

    static func run(_ name: String, _ settings: ProbeSettings) throws -> ProbeReport {
        switch name {
        case "kill-save": return try KillDuringSaveProbe.run(settings)
        case "concurrent": return try ConcurrentWritersProbe.run(settings)
        case "damaged": return try DamagedFilesProbe.run(settings)
        case "full-disk": return try FullDiskProbe.run(settings)
        default: return try HTTPAbuseProbe.run(settings)
        }
    }
}
