/// Storyboards for the tests, as text. The "Demo" ones all run on the same `FakeContext` registry:
/// each rewires the same compiled scene kinds, which is what the orthogonality tests prove.
enum StoryboardFixtures {
    /// The keys every storyboard binds to move and go back (as the shipped ones do): a storyboard that
    /// leaves them out has no such keys.
    static let standardKeys = "esc: back, backspace: back, j: down, k: up, down: down, up: up, g: first, G: last"

    /// list → detail (push) → more (push), unwinds back, a search with a present.
    static let demo = """
        # The demo flow: a list, an item's detail, more about it.
        storyboard: Demo
        initial: list
        scenes:
          list:
            kind: ItemList
            title: Items
            help: All items
            keys: {enter: showDetail, r: refresh, q: quit}
          detail:
            kind: ItemDetail
            title: Detail
            keys: {m: showMore, b: goBack}
          more:
            kind: ItemMore
            title: More
            keys: {h: home, l: backToList}
        segues:
          showDetail: {from: list, to: detail, kind: push}
          showMore: {from: detail, to: more, kind: push}
          goBack: {from: detail, kind: unwind}
          home: {from: more, kind: unwind, to: root}
          backToList: {from: more, kind: unwind, to: list, help: Back to the list}
        keys: {s: showSettings, \(standardKeys)}
        """

    /// The same kinds, more before detail: enter opens "more", `d` then opens the detail.
    static let reversed = """
        storyboard: Demo
        initial: list
        scenes:
          list: {kind: ItemList, title: Items, keys: {enter: showNext}}
          more: {kind: ItemMore, title: More, keys: {d: showNext2}}
          detail: {kind: ItemDetail, title: Detail, keys: {l: backToList}}
        segues:
          showNext: {from: list, to: more, kind: push}
          showNext2: {from: more, to: detail, kind: push}
          backToList: {from: detail, kind: unwind, to: list}
        keys: {\(standardKeys)}
        """

    /// A different initial scene: a welcome page that leads to the list.
    static let welcomeFirst = """
        storyboard: Demo
        initial: welcome
        scenes:
          welcome: {kind: Plain, title: Welcome, keys: {enter: start}}
          list: {kind: ItemList, title: Items, keys: {enter: showDetail}}
          detail: {kind: ItemDetail, title: Detail}
        segues:
          start: {from: welcome, to: list, kind: replace}
          showDetail: {from: list, to: detail, kind: push}
        keys: {\(standardKeys)}
        """

    /// The detail presented modally instead of pushed; "more" is pushed inside the modal.
    static let presented = """
        storyboard: Demo
        initial: list
        scenes:
          list: {kind: ItemList, title: Items, keys: {enter: showDetail}}
          detail: {kind: ItemDetail, title: Detail, keys: {m: showMore}}
          more: {kind: ItemMore, title: More, keys: {x: backToList}}
        segues:
          showDetail: {from: list, to: detail, kind: present}
          showMore: {from: detail, to: more, kind: push}
          backToList: {from: more, kind: unwind, to: list}
        keys: {\(standardKeys)}
        """

    /// Keys rebound: `o` opens, `x` goes back, and detail and more replace each other (a toggle).
    static let rebound = """
        storyboard: Demo
        initial: list
        scenes:
          list: {kind: ItemList, title: Items, keys: {o: open, "ctrl-r": refresh}}
          detail: {kind: ItemDetail, title: Detail, keys: {tab: toggle, x: close}}
          more: {kind: ItemMore, title: More, keys: {tab: toggleBack, x: close2}}
        segues:
          open: {from: list, to: detail, kind: push}
          toggle: {from: detail, to: more, kind: replace}
          toggleBack: {from: more, to: detail, kind: replace}
          close: {from: detail, kind: unwind}
          close2: {from: more, kind: unwind}
        keys: {\(standardKeys)}
        """
}
