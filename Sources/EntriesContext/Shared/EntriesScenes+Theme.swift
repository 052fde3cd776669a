import AppShell

// How each scene of the context takes a new theme while shown (the theme chosen in Settings): the
// widgets that copied styles from the old one are given the new one. Scenes read everything else from
// `environment.theme` when they draw, which the controller has changed already.

extension EntryListScene {
    func adopt(_ theme: Theme) {
        listView.theme = theme
        searchInput.theme = theme
        dateInput.theme = theme
        formatter.theme = theme
        browser.placeholderStyle = theme.dim
        preview.bodyView.theme = theme
    }
}

extension EntryDetailsScene {
    func adopt(_ theme: Theme) {
        bodyView.theme = theme
        renderedView.theme = theme
    }
}

extension EntryMoreDetailsScene {
    func adopt(_ theme: Theme) {
        textView.theme = theme
    }
}

extension TagPickerScene {
    func adopt(_ theme: Theme) {
        listView.theme = theme
    }
}
