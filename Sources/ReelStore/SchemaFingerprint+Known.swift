// Generated: the fingerprint of the schema each version's migrations make (SchemaFingerprint).
// SchemaFingerprintTests checks it and prints this file anew when a migration changes.
extension SchemaFingerprint {
    static let known: [Int: String] = [
        1: "b18dab1f406ec50bb7458f4818101793ac7045c5d081cc1aaacd37bffa3f9a93",
        2: "d0d9a870cf2e5a9680cb109f8e0681313ba3ad55ba014c5248bd16f299fe90ab",
        3: "c26be9b59550d0efe5f7660224263b810e5f1359e2196aaab9ca56a7bf360bf2",
        4: "40e0e0ce2482e1da63cc0f5c71d24175fc2fab6c5d6b5fd6fdb016b6facff4d0",
        5: "d21eb6d6c287b639437da5db3d874b9a47a0647646aa2b270a05c58e98088f73",
        6: "89045aac866e01a6ccebe40002eccbb95539b7c8207e1de4f2bee16844260834",
        7: "8ec32d3880dae22600fd292844514fc9bfb5b77a6fda4551bf04ab764bf33620",
        8: "ca80a8f2e3b00b82b972ece5d8831d52b5cc3b28e0db101f9a6656e285e6216c",
        9: "a482149d7dd56a4c2b61574ab506150a0fcdc689f94dde3ef6e26e48493c0500",
        10: "825282b023927831344cf98d5f1dcbed6a4ff6560712e7358a754d0cca35f641",
        11: "be82f8d4ce232236418305ee9d22c15295413a70972464829d17cf01003a6c14",
        12: "f0ee2dd7a426a13528be2c30442939a869d0d13c53c28c31e03d631727aec9fa",
        13: "518c07db0e8156d18234efc9a6d1118e30dc5b4b22c0daa02d0ce2d061330aee",
        14: "b32c0929d97ea7c4951610f0cc60e4145bdce48b0e212348334528db2463bfd8",
        15: "fbb89d8587c4d5fab185fe81b265499915cfda8cfff61a8805bb4dcab48a4735",
    ]
}
