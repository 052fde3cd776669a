import AppShell

/// What the Settings scenes are built from for the life of the app: the dependencies the App Factory
/// gave, and the theme in force, which the App Controller changes when the person picks another one
/// (the next Settings scenes are built with it; the ones shown adopt it).
@MainActor
final class SettingsEnvironment {
    let dependencies: SettingsDependencies
    var theme: Theme

    init(_ dependencies: SettingsDependencies) {
        self.dependencies = dependencies
        self.theme = dependencies.theme
    }

    /// How the scenes show dates, from the clock and the time zone.
    var dates: DateDisplay { dependencies.dates }
}
