/// The Calendar's screen for ``CalendarHarness``'s known entries at 80×22, without colour, once
/// everything is read: the month, the streaks, the months' bars, "On this day" and the tags. The
/// screen tests assert it, and the background-read tests assert that it is where the reads end.
enum CalendarKnownScreens {
    static let wideMonthWithStatistics = [
        "        November 2026            Current streak  3 days",
        "  Mo  Tu  We  Th  Fr  Sa  Su     Longest streak  3 days, to Sat 21 Nov 2026",
        "                           1",
        "   2.  3:  4   5   6   7   8     Entries per month",
        "   9  10  11  12  13  14  15     Dec 25                                     0",
        "  16  17  18  19# 20. 21. 22     Jan 26                                     0",
        "  23  24  25  26  27  28  29     Feb 26                                     0",
        "  30                             Mar 26                                     0",
        "                                 Apr 26                                     0",
        " On this day                     May 26                                     0",
        " 2026  Nov 21 #0                 Jun 26                                     0",
        "                                 Jul 26                                     0",
        "                                 Aug 26                                     0",
        "                                 Sep 26                                     0",
        "                                 Oct 26 ████                                1",
        "                                 Nov 26 ███████████████████████████████████ 9",
        "",
        "                                 Most used tags",
        "                                 daily 9",
        "                                 work 4",
        "                                 party 1",
        " Sat 21 Nov 2026 · 1 entry",
    ]
}
