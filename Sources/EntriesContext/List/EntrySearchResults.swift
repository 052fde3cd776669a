import AppShell
import EntryModel
import EntryUI

/// The rows of a search: every match, best first, read a page at a time (``SearchRequest``) as the
/// selection comes near the end of what is loaded, each with a snippet of its matching text.
///
/// A page is read off the main thread with the entries' texts, and the snippets are made there too
/// (``SearchSnippet``): drawing reads nothing, and moving never waits for the next page.
@MainActor
final class EntrySearchResults: ListDataSource {
    /// One page as read: the matches, the snippets of those whose body or more details matched, and
    /// where the next page starts.
    struct LoadedPage: Sendable {
        var page: SearchPage
        var snippets: [Int64: SearchSnippet]
    }

    /// Results read per page: a few screens, so that paging down meets loaded rows.
    static let pageSize = 100
    /// Characters of a snippet as made; each row cuts it to its width around the first match.
    nonisolated static let snippetWidth = 160

    private let repository: any EntryRepository
    private let loader: any EntryLoader
    private let makeRow: (EntrySummary, SearchQuery?, SearchSnippet?) -> ListRow
    var results: [EntrySummary] = []
    private(set) var snippets: [Int64: SearchSnippet] = [:]
    /// The search whose results these are, and where its next page starts (nil: all are loaded).
    private(set) var request: SearchRequest?
    private(set) var next: SearchAnchor?
    /// The query as parsed, for highlighting its words.
    private(set) var query: SearchQuery?
    /// True while the next page is being read.
    private(set) var isLoadingMore = false
    /// Bumped by every new search: a page read for an older one is dropped.
    private var generation = 0
    /// Called after a page was appended (to redraw) or could not be read.
    var onPageLoaded: ((Result<Void, any Error>) -> Void)?

    init(
        repository: any EntryRepository, loader: any EntryLoader,
        makeRow: @escaping (EntrySummary, SearchQuery?, SearchSnippet?) -> ListRow
    ) {
        self.repository = repository
        self.loader = loader
        self.makeRow = makeRow
    }

    var count: Int { results.count }

    /// True when more entries match than are loaded.
    var hasMore: Bool { next != nil }

    func row(at index: Int) -> ListRow {
        guard results.indices.contains(index) else { return ListRow("…") }
        let summary = results[index]
        return makeRow(summary, query, snippets[summary.id])
    }

    func summary(at index: Int) -> EntrySummary? {
        results.indices.contains(index) ? results[index] : nil
    }

    /// Reads the first page of `request` (with snippets): what a new query or filter starts with.
    nonisolated static func readFirstPage(
        _ request: SearchRequest, from repository: any EntryRepository
    ) throws -> LoadedPage {
        try read(request, from: repository)
    }

    /// Shows `loaded`, the first page of `request`; pages read for an earlier search are dropped.
    func show(_ loaded: LoadedPage, of request: SearchRequest) {
        generation += 1
        self.request = request
        query = SearchQueryParser.lenientQuery(request.query)
        results = loaded.page.results
        snippets = loaded.snippets
        next = loaded.page.next
        isLoadingMore = false
    }

    /// Reads the next page when `index` is within `margin` rows of the end of what is loaded.
    func loadMoreIfNeeded(near index: Int, margin: Int) {
        guard index + margin >= results.count else { return }
        loadMore()
    }

    /// Reads the next page, if there is one and none is being read.
    func loadMore() {
        guard !isLoadingMore, let request, let next else { return }
        isLoadingMore = true
        let nextRequest = SearchRequest(
            query: request.query, filter: request.filter, anchor: next, limit: Self.pageSize)
        let (repository, generation) = (repository, generation)
        loader.load(
            { try Self.read(nextRequest, from: repository) },
            then: { [weak self] result in
                guard let self, self.generation == generation else { return }
                self.isLoadingMore = false
                switch result {
                case .success(let loaded):
                    let known = Set(self.results.map(\.id))
                    self.results += loaded.page.results.filter { !known.contains($0.id) }
                    self.snippets.merge(loaded.snippets) { _, new in new }
                    self.next = loaded.page.next
                    self.onPageLoaded?(.success(()))
                case .failure(let error):
                    self.next = nil  // stop asking; the footer then counts what was found
                    self.onPageLoaded?(.failure(error))
                }
            })
    }

    /// One page and its snippets: the entries' texts are read in one go and cut to snippets here,
    /// off the main thread.
    private nonisolated static func read(
        _ request: SearchRequest, from repository: any EntryRepository
    ) throws -> LoadedPage {
        let page = try repository.search(request)
        guard let query = SearchQueryParser.lenientQuery(request.query), !query.highlightedWords.isEmpty else {
            return LoadedPage(page: page, snippets: [:])
        }
        var snippets: [Int64: SearchSnippet] = [:]
        for entry in try repository.entries(ids: page.results.map(\.id)) {
            snippets[entry.id] = SearchSnippet.make(
                body: entry.body, moreDetails: entry.moreDetails, query: query, width: snippetWidth)
        }
        return LoadedPage(page: page, snippets: snippets)
    }
}
