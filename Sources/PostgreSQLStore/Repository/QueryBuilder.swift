import PostgresNIO

/// SQL put together piece by piece with its bound values: `bind` appends a value and returns its
/// placeholder (`$1`, `$2`…), so values never become SQL text.
struct QueryBuilder {
    private(set) var sql = ""
    private var binds = PostgresBindings()

    mutating func append(_ text: String) {
        sql += text
    }

    mutating func bind<Value: PostgresNonThrowingEncodable & Sendable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}
