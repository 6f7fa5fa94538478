extension HelpText {
    package static let watch = """
        Usage: gqlpatch [global options] watch <Model> [--on create,update,delete] [--where F=V]...
                                         [--select FIELD,...] [--count N] [--timeout DURATION]

        Subscribes to the model's changes (its onCreate/onUpdate/onDelete subscriptions, over the
        API's real-time WebSocket) and prints each as one JSON line as it comes:
          {"event": "update", "model": "Item", "key": {"id": "42"}, "item": {...}}
        The item is the record as the event carries it: what the change's mutation selected. AppSync
        answers an event whose mutation did not select a non-null field watch asks for with an error,
        reported on stderr (--select fewer fields). --where tests are checked on each item. A broken connection (or one whose
        keep-alives stop) is made again, with a note on stderr: changes made while it was down are
        not delivered. Ctrl-C stops the subscriptions and closes the connection. Exit 0 after
        --count events, 124 when --timeout passes first.

        The real-time endpoint: wss://<id>.appsync-realtime-api.<region>.amazonaws.com/graphql for
        an AWS endpoint, <endpoint>/realtime (wss:// for https://) for a custom domain; or
        --realtime-endpoint. Every --auth mode works: the connection and each subscription carry
        the same credentials as a request (IAM: signed as the developer guide says).

        \(WatchOptions.optionTable.helpList)

        Examples:
          gqlpatch watch Order --on update --where status=PAID
          gqlpatch watch Item --count 1 --timeout 30s | jq .item.name

        \(globalsPointer)

        """

    package static let wait = """
        Usage: gqlpatch [global options] wait <Model> <key> --until FIELD=VALUE... [--timeout DURATION]

        Waits until the record holds every --until value, then prints it (exit 0). It subscribes to
        the model's changes first and reads the record second, so a change made between the two is
        not missed. Reads may lag writes (they are eventually consistent): an event whose record
        holds the values settles the wait, a read that does not hold them is made again over about
        1.5 s, and the record is read again every 10 s while no event comes. Exit 3 when the record
        is deleted, 124 when --timeout passes first, 130 at Ctrl-C. A record that does not exist
        yet is waited for. After a broken connection it subscribes again and reads the record again.

        \(WaitOptions.optionTable.helpList)

        Examples:
          gqlpatch wait Job --id "$ID" --until status=DONE --timeout 10m
          gqlpatch wait Order --id 42 --until status=PAID --until paid:=true --select id,total

        \(globalsPointer)

        """
}
